import { RECONNECT_EVENT } from '../../shared/contract/eventStreams';

/** One server-sent event: its type (`message` when unnamed), its data lines joined, and the last event id. */
export interface ServerSentEvent {
  event: string;
  data: string;
  id?: string;
}

const LINE_END = /\r\n|\r|\n/;

/**
 * A text/event-stream parser fed text as it arrives, in chunks cut anywhere (even inside a line or
 * between a CR and its LF): an event is dispatched at its blank line; comments (`:`) and unknown
 * fields are skipped; several `data:` lines make one data joined by line breaks; a `retry:` (the
 * reconnection time, in ms) goes to `onRetry`.
 */
export function eventStreamParser(onEvent: (event: ServerSentEvent) => void, onRetry?: (ms: number) => void): (chunk: string) => void {
  let buffer = '';
  let data: string[] = [];
  let type = '';
  let lastId: string | undefined;

  const line = (text: string) => {
    if (text === '') {
      if (data.length) onEvent({ event: type || 'message', data: data.join('\n'), ...(lastId === undefined ? {} : { id: lastId }) });
      data = [];
      type = '';
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    const value = colon < 0 ? '' : text.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') data.push(value);
    else if (field === 'event') type = value;
    else if (field === 'id') lastId = value;
    else if (field === 'retry' && /^\d+$/.test(value)) onRetry?.(Number(value));
  };

  return (chunk) => {
    buffer += chunk;
    for (let match = LINE_END.exec(buffer); match; match = LINE_END.exec(buffer)) {
      // A CR at the very end may be the first half of CRLF: wait for the next chunk.
      if (match[0] === '\r' && match.index === buffer.length - 1) break;
      line(buffer.slice(0, match.index));
      buffer = buffer.slice(match.index + match[0].length);
    }
  };
}

/** An event's data read as JSON; undefined when it is not JSON (the caller then checks the shape it expects). */
export function eventJson(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

export interface FollowOptions {
  /** Opens the stream (again): the caller's fetch, with the session's header and where to resume. */
  open(signal: AbortSignal): Promise<Response>;
  onEvent(event: ServerSentEvent): void;
  /** Whether the stream is open now; false while it reconnects or once it is refused. */
  onLive(live: boolean): void;
  signal: AbortSignal;
  /** The first wait before reconnecting, doubled after each failure up to `maxDelayMs`. */
  delayMs?: number;
  maxDelayMs?: number;
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * Follows an event stream until `signal` aborts. A dropped or failed connection is opened again after a
 * growing wait; a refusal (a 4xx: no session, no such room) or an answer that is not an event stream
 * ends the following for good, and the caller falls back to polling. A stream that ends with the server's
 * `reconnect` event (it is stopping) is opened again after its `retry` (up to twice that, so that the clients of a
 * stopping server do not all come back at once), and is not reported lost in between. Resolves when it stops.
 */
export async function followEventStream({ open, onEvent, onLive, signal, delayMs = 1000, maxDelayMs = 30_000 }: FollowOptions): Promise<void> {
  let delay = delayMs;
  while (!signal.aborted) {
    try {
      const response = await open(signal);
      const isStream = (response.headers.get('content-type') ?? '').startsWith('text/event-stream');
      if (response.ok && !isStream) return onLive(false);
      if (response.status >= 400 && response.status < 500) return onLive(false);
      if (response.ok && response.body) {
        onLive(true);
        delay = delayMs;
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        let retry = delayMs;
        let hinted: number | undefined;
        const push = eventStreamParser(
          (event) => {
            if (event.event === RECONNECT_EVENT) hinted = retry;
            else onEvent(event);
          },
          (ms) => (retry = ms),
        );
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) push(decoder.decode(chunk.value, { stream: true }));
        if (hinted !== undefined && !signal.aborted) {
          await wait(hinted * (1 + Math.random()), signal);
          continue;
        }
      }
    } catch {
      // A network failure or the abort: reconnect, or stop below.
    }
    if (signal.aborted) return;
    onLive(false);
    await wait(delay, signal);
    delay = Math.min(delay * 2, maxDelayMs);
  }
}
