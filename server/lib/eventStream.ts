import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RECONNECT_HINT } from '../../shared/catalogue/eventStreams';
import { watchStreamSession } from './streamSessions';

/** Keeps proxies and browsers from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;

/** Requests whose answer openEventStream bound to their session. */
const bound = new WeakSet<FastifyRequest>();

/** Root onSend hook: an event stream opened any other way would outlive its session, so it is a programming error, never sent. */
export async function refuseUnboundStream(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (String(reply.getHeader('content-type') ?? '').startsWith('text/event-stream') && !bound.has(request))
    throw new Error(`${request.method} ${request.routeOptions.url ?? request.url} streams without openEventStream (server/lib/eventStream.ts)`);
}

/**
 * Server-sent events for the signed-in `request`; ended when the client goes, the feed stops (with the reconnect hint),
 * the route fails first, or the request's session no longer admits the route (streamSessions.ts): then it just ends,
 * and the client's reconnection is refused 401.
 */
export function openEventStream(request: FastifyRequest) {
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
  /** The feed ended (this server stops or lost its listening): the client should reconnect, here or elsewhere. */
  const endWithHint = () => {
    write(RECONNECT_HINT);
    end();
  };
  const session = watchStreamSession(request, (why) => (why === 'session' ? end() : endWithHint()));
  bound.add(request);
  cleanups.push(session.release);
  /** Events go out in order, each only once its session is re-checked (from the session cache: no statement while kept). */
  let delivering = Promise.resolve();
  return {
    /** JSON on one `data:` line: JSON has no raw line breaks. */
    event: (event: string, data: unknown, id?: string) => {
      const text = `event: ${event}\n${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(data)}\n\n`;
      delivering = delivering.then(async () => {
        if (!stream.writableEnded && (await session.holds())) write(text);
      });
    },
    comment: (text: string) => write(`: ${text}\n\n`),
    /** `cleanup` (the feed's unsubscribe) runs once the stream ends, or now if it has. */
    onEnd: (cleanup: () => void) => {
      if (stream.writableEnded) cleanup();
      else cleanups.push(cleanup);
    },
    end,
    endWithHint,
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
