import { afterEach, describe, expect, it, vi } from 'vitest';
import { inIdleTurns } from '../../src/custom/whenIdle';

/** A browser whose idle periods the test hands out one at a time. */
function idleBrowser() {
  const pending = new Map<number, () => void>();
  let nextHandle = 1;
  vi.stubGlobal('window', {
    requestIdleCallback: (callback: () => void) => {
      pending.set(nextHandle, callback);
      return nextHandle++;
    },
    cancelIdleCallback: (handle: number) => pending.delete(handle),
  });
  return {
    waiting: () => pending.size,
    /** One idle period: runs the callbacks waiting for it, then lets their promises settle. */
    async idle() {
      const callbacks = [...pending.values()];
      pending.clear();
      for (const callback of callbacks) callback();
      for (let i = 0; i < 5; i += 1) await Promise.resolve();
    },
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('inIdleTurns', () => {
  it('runs one task per idle period, in order, each after the one before has settled, a failure included', async () => {
    const browser = idleBrowser();
    const ran: string[] = [];
    const task =
      (name: string, fails = false) =>
      async () => {
        ran.push(name);
        if (fails) throw new Error(name);
      };
    inIdleTurns([task('a'), task('b', true), task('c')]);
    expect(ran).toEqual([]);
    await browser.idle();
    expect(ran).toEqual(['a']);
    await browser.idle();
    expect(ran).toEqual(['a', 'b']);
    await browser.idle();
    expect(ran).toEqual(['a', 'b', 'c']);
    expect(browser.waiting()).toBe(0);
  });

  it('stops when cancelled: the waiting turn and every later one', async () => {
    const browser = idleBrowser();
    const ran: string[] = [];
    const cancel = inIdleTurns([async () => void ran.push('a'), async () => void ran.push('b')]);
    await browser.idle();
    cancel();
    expect(browser.waiting()).toBe(0);
    await browser.idle();
    expect(ran).toEqual(['a']);
  });
});
