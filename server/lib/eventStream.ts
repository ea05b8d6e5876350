import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { RECONNECT_HINT } from '../../shared/contract/eventStreams';

/** Keeps proxies and browsers from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;

/** Server-sent events; ended when the client goes, the feed stops (with the reconnect hint) or the route fails first. */
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
    /** JSON on one `data:` line: JSON has no raw line breaks. */
    event: (event: string, data: unknown, id?: string) => write(`event: ${event}\n${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(data)}\n\n`),
    comment: (text: string) => write(`: ${text}\n\n`),
    /** `cleanup` (the feed's unsubscribe) runs once the stream ends, or now if it has. */
    onEnd: (cleanup: () => void) => {
      if (stream.writableEnded) cleanup();
      else cleanups.push(cleanup);
    },
    end,
    /** The feed ended (this server stops or lost its listening): the client should reconnect, here or elsewhere. */
    endWithHint: () => {
      write(RECONNECT_HINT);
      end();
    },
    send: (reply: FastifyReply): FastifyReply => {
      reply.raw.once('close', end);
      // `connection: close`, so that no half-gone client holds a server's close.
      reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        .header('connection', 'close');
      // Sent as written, never serialised: the route schema's string only describes it.
      return reply.send(stream);
    },
  };
}
