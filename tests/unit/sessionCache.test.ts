import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../server/db/client';
import type { AdminRow } from '../../server/db/schema';
import { sessionCache, type LiveSession } from '../../server/lib/sessionCache';

/** A database's LISTEN, driven by the test: what it was given, and whether it was stopped. */
function fakeListening() {
  const listeners: Array<{ onPayload: (payload: string) => void; onLost: (error: Error) => void; stopped: boolean }> = [];
  let answer: () => Promise<void> = () => Promise.resolve();
  const listen: DatabaseHandle['listen'] = async (_channel, onPayload, onLost) => {
    const listener = { onPayload, onLost, stopped: false };
    await answer();
    listeners.push(listener);
    return async () => {
      listener.stopped = true;
    };
  };
  return { listen, listeners, answerWith: (next: () => Promise<void>) => (answer = next) };
}

const log = { warn: vi.fn() } as unknown as FastifyBaseLogger;
const admin = { id: 'a1', name: 'Ada' } as AdminRow;
const live = (): LiveSession => ({ admin: { ...admin }, expiresAt: new Date(Date.now() + 3_600_000) });

/** `read` as the cache calls it, counting its calls. */
function reader() {
  const read = vi.fn(async () => live());
  return read;
}

afterEach(() => vi.useRealTimers());

describe('the session cache', () => {
  it('keeps nothing before it listens, then keeps a session read once', async () => {
    const { listen } = fakeListening();
    const cache = sessionCache(listen, log);
    const read = reader();
    await cache.admin('t', read);
    await cache.admin('t', read);
    expect(read).toHaveBeenCalledTimes(2);
    await cache.start();
    await cache.admin('t', read);
    await cache.admin('t', read);
    expect(read).toHaveBeenCalledTimes(3);
    await cache.close();
  });

  it('tells its forget listeners of each change heard or made here, and of a lost listener, until they stop', async () => {
    const { listen, listeners } = fakeListening();
    const cache = sessionCache(listen, log);
    await cache.start();
    const told = vi.fn();
    const stop = cache.onForget(told);
    listeners[0]?.onPayload('changed elsewhere');
    cache.forgetAll();
    listeners[0]?.onLost(new Error('gone'));
    expect(told).toHaveBeenCalledTimes(3);
    stop();
    cache.forgetAll();
    expect(told).toHaveBeenCalledTimes(3);
    await cache.close();
  });

  it('does not keep a read that a notification overtook', async () => {
    const { listen, listeners } = fakeListening();
    const cache = sessionCache(listen, log);
    await cache.start();
    let finish: (session: LiveSession) => void = () => undefined;
    const slow = cache.admin('t', () => new Promise((resolve) => (finish = resolve)));
    listeners[0]?.onPayload('');
    finish(live());
    expect(await slow).toMatchObject({ id: 'a1' });
    const read = reader();
    await cache.admin('t', read);
    expect(read).toHaveBeenCalledTimes(1);
    await cache.close();
  });

  it('keeps nothing while listening is lost, and listens again once, a second later', async () => {
    vi.useFakeTimers();
    const { listen, listeners } = fakeListening();
    const cache = sessionCache(listen, log);
    await cache.start();
    const read = reader();
    await cache.admin('t', read);
    listeners[0]?.onLost(new Error('gone'));
    expect(cache.listening).toBe(false);
    await cache.admin('t', read);
    await cache.admin('t', read);
    expect(read).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(999);
    expect(listeners).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(cache.listening).toBe(true);
    await cache.start();
    expect(listeners).toHaveLength(2);
    await cache.admin('t', read);
    await cache.admin('t', read);
    expect(read).toHaveBeenCalledTimes(4);
    await cache.close();
    expect(listeners.map((listener) => listener.stopped)).toEqual([false, true]);
  });

  it('stops a listener that answers after it was closed', async () => {
    const { listen, listeners, answerWith } = fakeListening();
    let answer: () => void = () => undefined;
    answerWith(() => new Promise<void>((resolve) => (answer = resolve)));
    const cache = sessionCache(listen, log);
    const starting = cache.start();
    const closing = cache.close();
    answer();
    await Promise.all([starting, closing]);
    expect(listeners.map((listener) => listener.stopped)).toEqual([true]);
    expect(cache.listening).toBe(false);
  });

  it('keeps a session no longer than its age bound, though nothing was notified', async () => {
    const { listen } = fakeListening();
    const cache = sessionCache(listen, log, 200);
    await cache.start();
    const read = reader();
    await cache.admin('t', read);
    await cache.admin('t', read);
    expect(read).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 250));
    await cache.admin('t', read);
    expect(read).toHaveBeenCalledTimes(2);
    await cache.close();
  });

  it('hands out a frozen admin, kept or not', async () => {
    const { listen } = fakeListening();
    const cache = sessionCache(listen, log);
    expect(Object.isFrozen(await cache.admin('t', reader()))).toBe(true);
    await cache.close();
  });
});
