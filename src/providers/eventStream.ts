import { RECONNECT_EVENT } from '../../shared/catalogue/eventStreams';

/** `event` is `message` when unnamed; `data` joins the data lines. */
export interface ServerSentEvent {
  event: string;
  data: string;
  id?: string;
}

const LINE_END = /\r\n|\r|\n/;

/** Fed chunks cut anywhere, even between a CR and its LF. */
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

export function eventJson(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

export interface FollowOptions {
  /** The caller's fetch, with the session's header and where to resume. */
  open(signal: AbortSignal): Promise<Response>;
  onEvent(event: ServerSentEvent): void;
  /** False while it reconnects or once it is refused. */
  onLive(live: boolean): void;
  signal: AbortSignal;
  /** Doubled after each failure up to `maxDelayMs`. */
  delayMs?: number;
  maxDelayMs?: number;
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * A dropped connection reopens after a growing wait; a 4xx or a non-stream answer ends it for good (the caller polls).
 * After the server's `reconnect` event it reopens after `retry` to twice that, so that clients do not all come back at once.
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
