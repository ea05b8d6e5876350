import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { startPgliteThread, type PgliteThread } from '../../server/db/pgliteThread';
import { isUniqueViolation } from '../../server/lib/dbErrors';
import { pgliteImage } from '../helpers/pgliteImage';

/** Started from the migrated image where the run has one (the PGlite pass), otherwise from an empty database. */
async function openThread(): Promise<PgliteThread> {
  const image = await pgliteImage();
  return startPgliteThread({ startParams: [], ...(image ? { image: await image.arrayBuffer() } : {}) });
}

const listeningChannels = async (): Promise<string[]> =>
  (await thread.query<{ channel: string }>('select pg_listening_channels() as channel')).rows.map((row) => row.channel);

const settledWithin = async (promise: Promise<unknown>, ms: number): Promise<boolean> => {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((resolve) => setTimeout(resolve, ms));
  return settled;
};

let thread: PgliteThread;

describe('PGlite in its own thread', () => {
  beforeAll(async () => {
    thread = await openThread();
    await thread.query('create table thread_rows (id int primary key)');
  });
  afterAll(() => thread.close());

  it('hands back a statement’s error with its SQLSTATE and constraint, as the server reads them', async () => {
    await thread.query('insert into thread_rows values (1)');
    const error = await thread.query('insert into thread_rows values (1)').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 'thread_rows_pkey', message: expect.stringContaining('duplicate key') });
    expect(isUniqueViolation(error)).toBe(true);
  });

  it('answers rows by name or as arrays, and keeps dates as PostgreSQL wrote them', async () => {
    const byName = await thread.query<{ n: number; at: string }>("select 7 as n, timestamptz '2026-01-02 03:04:05+00' as at");
    expect(byName.rows).toEqual([{ n: 7, at: '2026-01-02 03:04:05+00' }]);
    const asArrays = await thread.query('select 1 as a, 2 as b', [], { rowMode: 'array' });
    expect(asArrays.rows).toEqual([[1, 2]]);
    expect(asArrays.fields.map((field) => field.name)).toEqual(['a', 'b']);
  });

  it('commits a transaction once its callback returns, and holds other statements until then', async () => {
    let outside: Promise<{ rows: { n: number }[] }> | undefined;
    const result = await thread.transaction(async (tx) => {
      await tx.query('insert into thread_rows values (2)');
      outside = thread.query<{ n: number }>('select count(*)::int as n from thread_rows where id = 2');
      expect(await settledWithin(outside, 50)).toBe(false);
      return 'done';
    });
    expect(result).toBe('done');
    expect((await outside)?.rows).toEqual([{ n: 1 }]);
  });

  it('rolls a transaction back when its callback throws, and hands the callback’s error on', async () => {
    const failing = thread.transaction(async (tx) => {
      await tx.query('insert into thread_rows values (3)');
      throw new Error('changed my mind');
    });
    await expect(failing).rejects.toThrow('changed my mind');
    expect((await thread.query('select id from thread_rows where id = 3')).rows).toEqual([]);
  });

  it('fails the transaction when its COMMIT fails', async () => {
    await thread.query('create table thread_deferred (id int unique deferrable initially deferred)');
    const committing = thread.transaction(async (tx) => {
      await tx.query('insert into thread_deferred values (1), (1)');
    });
    await expect(committing).rejects.toMatchObject({ code: '23505' });
    expect((await thread.query('select id from thread_deferred')).rows).toEqual([]);
  });

  it('delivers notifications to the listeners of their channel until they stop', async () => {
    const heard: string[] = [];
    const stop = await thread.listen('thread_channel', (payload) => heard.push(payload));
    await thread.query("select pg_notify('thread_channel', 'first')");
    await thread.query("select pg_notify('other_channel', 'not for us')");
    await expect.poll(() => heard).toEqual(['first']);
    await stop();
    await thread.query("select pg_notify('thread_channel', 'second')");
    await thread.query('select 1');
    expect(heard).toEqual(['first']);
  });

  it('keeps each listener of a channel apart: one stopping leaves the others, and a new one hears each notification once', async () => {
    const heard: string[] = [];
    const stopA = await thread.listen('shared_channel', (payload) => heard.push(`a:${payload}`));
    const stopB = await thread.listen('shared_channel', (payload) => heard.push(`b:${payload}`));
    await thread.query("select pg_notify('shared_channel', '1')");
    await expect.poll(() => [...heard].sort()).toEqual(['a:1', 'b:1']);
    await stopA();
    await thread.query("select pg_notify('shared_channel', '2')");
    await expect.poll(() => heard.length).toBe(3);
    await stopB();
    const stopC = await thread.listen('shared_channel', (payload) => heard.push(`c:${payload}`));
    await thread.query("select pg_notify('shared_channel', '3')");
    await thread.query('select 1');
    await expect.poll(() => heard.slice(2)).toEqual(['b:2', 'c:3']);
    expect(await listeningChannels()).toContain('shared_channel');
    await stopC();
    // The last listener gone, the database session itself stops listening.
    expect(await listeningChannels()).not.toContain('shared_channel');
  });

  it('refuses a parameter that cannot cross to the thread, and goes on answering', async () => {
    await expect(thread.query('select $1::text as value', [() => 'a function'])).rejects.toThrow(/could not be cloned/);
    expect((await thread.query('select $1::text as value', ['text'])).rows).toEqual([{ value: 'text' }]);
  });

  it('parses each statement once, and the server’s PGlite plans every run with its own values', async () => {
    const text = 'select count(*)::int as n from thread_rows where id > $1';
    expect((await thread.query(text, [0])).rows).toEqual([{ n: 2 }]);
    expect((await thread.query(text, [1])).rows).toEqual([{ n: 1 }]);
    const kept = await thread.query('select count(*)::int as n from pg_prepared_statements where statement = $1', [text]);
    expect(kept.rows).toEqual([{ n: 1 }]);

    const image = await pgliteImage();
    const server = await openDatabase({ dataDir: ':memory:', ...(image ? { pgliteImage: image } : {}) });
    try {
      const setting = (await server.db.execute(sql`show plan_cache_mode`)) as unknown as { rows: unknown[] };
      expect(setting.rows).toEqual([{ plan_cache_mode: 'force_custom_plan' }]);
    } finally {
      await server.close();
    }
  });

  it('dumps an image another thread starts from', async () => {
    const image = await thread.dumpDataDir();
    const copy = await startPgliteThread({ startParams: [], image: await image.arrayBuffer() });
    try {
      expect((await copy.query('select id from thread_rows order by id')).rows).toEqual([{ id: 1 }, { id: 2 }]);
    } finally {
      await copy.close();
    }
  });
});

describe('a closed database thread', () => {
  it('refuses every later call with a clear error', async () => {
    const thread = await openThread();
    await thread.close();
    expect(thread.closed).toBe(true);
    await expect(thread.query('select 1')).rejects.toThrow('the database is closed');
    await expect(thread.transaction(async () => undefined)).rejects.toThrow('the database is closed');
    await thread.close();
  });

  it('refuses to start from an image that is not one', async () => {
    await expect(startPgliteThread({ startParams: [], image: new TextEncoder().encode('not a tarball').buffer })).rejects.toThrow();
  });
});
