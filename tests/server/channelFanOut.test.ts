import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../server/db/client';
import { channelFanOut } from '../../server/lib/channelFanOut';
import { openTestDatabase } from '../helpers/testServer';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

type Notice = { key: string; n: number };
const isNotice = (value: unknown): value is Notice => typeof (value as Notice | null)?.key === 'string' && typeof (value as Notice).n === 'number';

describe('a channel fanned out to its subscribers', () => {
  it('drops and logs a payload that is not JSON or not a notice of the feed, and delivers the next ones by key, in order', async () => {
    const warn = vi.fn();
    const log = { warn, error: vi.fn() } as unknown as FastifyBaseLogger;
    const delivered: number[] = [];
    const fanOut = channelFanOut<Notice, { end(): void; got(n: number): void }>({
      channel: 'fan_out_test',
      name: 'test feed',
      listen: database.listen,
      log,
      isNotice,
      keyOf: (notice) => notice.key,
      deliver: (notice, subscribers) => {
        for (const subscriber of subscribers()) subscriber.got(notice.n);
      },
      deliveryFailed: 'delivering failed',
    });
    await fanOut.subscribe('a', { end: () => undefined, got: (n) => delivered.push(n) });
    for (const payload of ['not json', '{"key": 1}', '{"key": "b", "n": 0}', '{"key": "a", "n": 1}', '{"key": "a", "n": 2}'])
      await database.db.execute(sql`select pg_notify('fan_out_test', ${payload})`);
    await vi.waitFor(() => expect(delivered).toEqual([1, 2]));
    expect(warn.mock.calls.map(([fields, message]) => [fields, message])).toEqual([
      [{ payload: 'not json' }, 'test feed: unreadable notification'],
      [{ payload: '{"key": 1}' }, 'test feed: unreadable notification'],
    ]);
    await fanOut.close();
  });
});
