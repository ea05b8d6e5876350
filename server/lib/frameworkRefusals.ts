import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../shared/catalogue/errorCodes';

/** Before routing (a malformed URL, an over-long parameter), in the envelope. */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(414).send({ ok: false, code: ErrorCode.URI_TOO_LONG });
    return;
  }
  void reply.status(400).send({ ok: false, code: ErrorCode.INVALID_URL });
}

/** Refused by Node's HTTP parser before Fastify sees them (headers too large, bad request line, too slow): answered on the raw socket. */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, ErrorCode.HEADERS_TOO_LARGE]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, ErrorCode.REQUEST_TIMEOUT]
        : [400, ErrorCode.INVALID_REQUEST];
  const body = JSON.stringify({ ok: false, code });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
