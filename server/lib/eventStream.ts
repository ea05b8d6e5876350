import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { RECONNECT_HINT } from '../../shared/contract/eventStreams';

/** A comment line now and then keeps proxies and browsers from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;

/**
 * The server-sent event stream an events route answers with: written as its feed delivers, a `: ping` comment every
 * 15 s, ended when the client goes, the feed stops (with the reconnect hint) or the route fails before sending it.
 */
export function openEventStream() {
  const stream = new PassThrough();
  const cleanups: Array<() => void> = [];
  const write = (text: string) => {
    if (!stream.writableEnded) stream.write(text);
  };
  const heartbeat = setInterval(() => write(': ping\n\n'), HEARTBEAT_MS);
  const end = () => {
    for (const cleanup of cleanups.splice(0)) cleanup();
    clearInterval(heartbeat);
    if (!stream.writableEnded) stream.end();
  };
  return {
    /** One event: `event`, `id` if given, and the JSON on one `data:` line (JSON has no raw line breaks). */
    event: (event: string, data: unknown, id?: string) => write(`event: ${event}\n${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(data)}\n\n`),
    comment: (text: string) => write(`: ${text}\n\n`),
    /** Runs `cleanup` (the feed's unsubscribe) once the stream ends, or now if it has. */
    onEnd: (cleanup: () => void) => {
      if (stream.writableEnded) cleanup();
      else cleanups.push(cleanup);
    },
    end,
    /** The feed ended (this server stops or lost its listening): the client is told to come back, here or elsewhere. */
    endWithHint: () => {
      write(RECONNECT_HINT);
      end();
    },
    /** Answers the request with the stream, which ends when the client goes. */
    send: (reply: FastifyReply): FastifyReply => {
      reply.raw.once('close', end);
      // `connection: close`: once the stream ends its connection goes too, so that no half-gone client holds a server's close.
      reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        .header('connection', 'close');
      // A stream is sent as it is written, never serialized: the route schema's string only describes it.
      return reply.send(stream);
    },
  };
}
