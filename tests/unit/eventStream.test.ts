import { describe, expect, it, vi } from 'vitest';
import { eventStreamParser, followEventStream, type ServerSentEvent } from '../../src/providers/eventStream';
import { RECONNECT_AFTER_MS, RECONNECT_HINT } from '../../shared/catalogue/eventStreams';

const parse = (chunks: string[]): ServerSentEvent[] => {
  const events: ServerSentEvent[] = [];
  const push = eventStreamParser((event) => events.push(event));
  for (const chunk of chunks) push(chunk);
  return events;
};

describe('eventStreamParser', () => {
  it('joins a line cut in the middle across chunks, and a CRLF cut between its CR and LF', () => {
    expect(parse(['event: mess', 'age\nid: a1\nda', 'ta: {"text":"hé', 'llo"}\r', '\n\r\n'])).toEqual([
      { event: 'message', id: 'a1', data: '{"text":"héllo"}' },
    ]);
    // The LF after a chunk-ending CR is the same line end, not a blank line that would cut the event in two.
    expect(parse(['data: a\r', '\ndata: b\r\n\r\n'])).toEqual([{ event: 'message', data: 'a\nb' }]);
  });

  it('dispatches several events from one chunk, in order, and nothing before the blank line', () => {
    expect(parse(['data: one\n\ndata: two\n\ndata: thr'])).toEqual([
      { event: 'message', data: 'one' },
      { event: 'message', data: 'two' },
    ]);
  });

  it('hands each `retry` (milliseconds) to its own callback, apart from the events; one that is not a number is ignored', () => {
    const events: ServerSentEvent[] = [];
    const retries: number[] = [];
    const push = eventStreamParser(
      (event) => events.push(event),
      (ms) => retries.push(ms),
    );
    push('data: a\n\nretry: 250\nevent: reconnect\ndata: b\n\nretry: soon\n\n');
    expect(events).toEqual([
      { event: 'message', data: 'a' },
      { event: 'reconnect', data: 'b' },
    ]);
    expect(retries).toEqual([250]);
  });

  it('ignores comments (the heartbeat), unknown fields and empty events; joins several data lines', () => {
    expect(parse([': ping\n\n', ': connected\nretry: 10\n\n', 'data: a\ndata:b\nfoo: x\n\n'])).toEqual([{ event: 'message', data: 'a\nb' }]);
  });
});

const streamResponse = (chunks: string[], keepOpen = false) =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
        if (!keepOpen) controller.close();
      },
    }),
    { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' } },
  );

describe('followEventStream', () => {
  it('reports live, hands the events over, and reconnects after the stream drops', async () => {
    const controller = new AbortController();
    const events: string[] = [];
    const lives: boolean[] = [];
    const open = vi
      .fn<(signal: AbortSignal) => Promise<Response>>()
      .mockResolvedValueOnce(streamResponse(['data: first\n\n']))
      .mockRejectedValueOnce(new TypeError('network down'))
      .mockImplementation(async () => {
        controller.abort();
        return streamResponse(['data: second\n\n']);
      });
    await followEventStream({ open, onEvent: (event) => events.push(event.data), onLive: (live) => lives.push(live), signal: controller.signal, delayMs: 1 });
    expect(open).toHaveBeenCalledTimes(3);
    expect(events).toEqual(['first', 'second']);
    expect(lives).toEqual([true, false, false, true]);
  });

  it('stops for good on a refusal (401, 404) or an answer that is not an event stream: not live', async () => {
    for (const response of [
      new Response('{"ok":false,"code":"UNAUTHORIZED"}', { status: 401, headers: { 'content-type': 'application/json' } }),
      new Response('{"ok":false,"code":"NOT_FOUND"}', { status: 404 }),
      new Response('<html>', { status: 200, headers: { 'content-type': 'text/html' } }),
    ]) {
      const open = vi.fn(async () => response);
      const lives: boolean[] = [];
      await followEventStream({ open, onEvent: () => undefined, onLive: (live) => lives.push(live), signal: new AbortController().signal, delayMs: 1 });
      expect(open).toHaveBeenCalledTimes(1);
      expect(lives).toEqual([false]);
    }
  });

  it("after the server's reconnect hint (it is stopping), comes back within twice its retry without reporting the stream lost", async () => {
    vi.useFakeTimers();
    try {
      const controller = new AbortController();
      const events: string[] = [];
      const lives: boolean[] = [];
      const open = vi
        .fn<(signal: AbortSignal) => Promise<Response>>()
        .mockResolvedValueOnce(streamResponse(['data: first\n\n', RECONNECT_HINT]))
        .mockImplementation(async () => {
          controller.abort();
          return streamResponse(['data: second\n\n']);
        });
      const following = followEventStream({
        open,
        onEvent: (event) => events.push(event.data),
        onLive: (live) => lives.push(live),
        signal: controller.signal,
        delayMs: 100,
      });
      await vi.advanceTimersByTimeAsync(RECONNECT_AFTER_MS - 1);
      expect(open).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(RECONNECT_AFTER_MS + 1);
      expect(open).toHaveBeenCalledTimes(2);
      // The hint is no message, and the push never showed as lost (no polling, no notice).
      expect(events).toEqual(['first', 'second']);
      expect(lives).toEqual([true, true]);
      await following;
    } finally {
      vi.useRealTimers();
    }
  });

  it('retries a server failure (5xx) with a growing wait, and stops when aborted', async () => {
    vi.useFakeTimers();
    try {
      const controller = new AbortController();
      const open = vi.fn(async () => new Response('{"ok":false}', { status: 503 }));
      const following = followEventStream({ open, onEvent: () => undefined, onLive: () => undefined, signal: controller.signal, delayMs: 100 });
      await vi.advanceTimersByTimeAsync(99);
      expect(open).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(open).toHaveBeenCalledTimes(2);
      // Then 200 ms, not 100.
      await vi.advanceTimersByTimeAsync(150);
      expect(open).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(50);
      expect(open).toHaveBeenCalledTimes(3);
      controller.abort();
      await following;
      await vi.advanceTimersByTimeAsync(10_000);
      expect(open).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
