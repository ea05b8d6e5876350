// PGlite runs every statement synchronously on the calling thread: on the server's thread it would stop HTTP, JSON and
// Drizzle while it works. Answers pgliteThread.ts's messages (the protocol's types are there).
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { keptStatements } from './pgliteStatements';
import { sharedClockMs, type ThreadReply, type ThreadRequest, type WorkerOptions } from './pgliteThread';

const port = parentPort;
if (!port) throw new Error('pgliteWorker.ts runs as a worker thread (server/db/pgliteThread.ts starts it)');

const keepText = (value: string): string => value;
/**
 * Dates, times and intervals stay as PostgreSQL wrote them, as Drizzle expects (it converts per column mode): the parsers
 * it passes with each query are functions, which cannot cross threads.
 */
const TEXT_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];

const options = workerData as WorkerOptions;
const client = new PGlite({
  ...(options.dataDir ? { dataDir: options.dataDir } : {}),
  ...(options.image ? { loadDataDir: new Blob([options.image]) } : {}),
  // pg_trgm: the GIN indexes behind every substring search.
  extensions: { pg_trgm },
  startParams: [...PGlite.defaultStartParams, ...options.startParams],
  parsers: Object.fromEntries(TEXT_TYPES.map((type) => [type, keepText])),
});

const runKept = keptStatements(client);

/** By the main thread's number: each holds PGlite until `end` settles it. */
const transactions = new Map<number, { end: (commit: boolean) => void; settled: Promise<void> }>();
const subscriptions = new Map<number, () => Promise<void>>();
const ROLLED_BACK = new Error('rolled back by the main thread');

const reply = (message: ThreadReply, transfer: ArrayBuffer[] = []): void => port.postMessage(message, transfer);

/** An Error crossing threads keeps only its message; PostgreSQL's fields (SQLSTATE, constraint…) are copied. */
function errorFields(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: Record<string, unknown> = { message: error.message, name: error.name };
  for (const [key, value] of Object.entries(error)) if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  return fields;
}

async function answer(request: ThreadRequest): Promise<void> {
  switch (request.op) {
    case 'query': {
      if (request.transaction !== undefined && !transactions.has(request.transaction)) throw new Error(`no open transaction ${request.transaction}`);
      // PGlite's own locks, as its `query` takes them: a transaction's statements already hold the transaction's.
      let waitedMs = 0;
      const exclusive = () =>
        client._runExclusiveQuery(() => {
          waitedMs = sharedClockMs() - request.sentAt;
          return runKept(request.sql, request.params, request.rowMode);
        });
      const result = await (request.transaction === undefined ? client._runExclusiveTransaction(exclusive) : exclusive());
      reply({ id: request.id, ok: true, value: { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows }, waitedMs });
      return;
    }
    case 'begin': {
      // PGlite's transaction lasts as long as its callback: here, until the main thread's `end` settles it.
      let opened = false;
      const settled = client.transaction(
        () =>
          new Promise<void>((resolve, reject) => {
            opened = true;
            transactions.set(request.transaction, { end: (commit) => (commit ? resolve() : reject(ROLLED_BACK)), settled });
            reply({ id: request.id, ok: true, value: null, waitedMs: sharedClockMs() - request.sentAt });
          }),
      );
      settled
        .catch((error: unknown) => {
          if (!opened) reply({ id: request.id, ok: false, error: errorFields(error) });
        })
        .finally(() => transactions.delete(request.transaction));
      return;
    }
    case 'end': {
      const open = transactions.get(request.transaction);
      if (!open) throw new Error(`no open transaction ${request.transaction}`);
      open.end(request.commit);
      // The COMMIT's own error (a deferred check) is the answer's; a rollback asked for is no error.
      await open.settled.catch((error: unknown) => {
        if (error !== ROLLED_BACK) throw error;
      });
      reply({ id: request.id, ok: true, value: null });
      return;
    }
    case 'listen': {
      // PGlite's unlisten removes this callback alone, and UNLISTENs once the channel has none left.
      const unlisten = await client.listen(request.channel, (payload) => reply({ notification: request.subscription, payload }));
      subscriptions.set(request.subscription, unlisten);
      reply({ id: request.id, ok: true, value: null });
      return;
    }
    case 'unlisten': {
      const unlisten = subscriptions.get(request.subscription);
      subscriptions.delete(request.subscription);
      await unlisten?.();
      reply({ id: request.id, ok: true, value: null });
      return;
    }
    case 'dump': {
      const image = await (await client.dumpDataDir('none')).arrayBuffer();
      reply({ id: request.id, ok: true, value: image }, [image]);
      return;
    }
    case 'close': {
      await client.close();
      reply({ id: request.id, ok: true, value: null });
      return;
    }
  }
}

port.on('message', (request: ThreadRequest) => {
  answer(request).catch((error: unknown) => reply({ id: request.id, ok: false, error: errorFields(error) }));
});

client.waitReady.then(
  () => reply({ ready: true }),
  (error: unknown) => reply({ ready: false, error: errorFields(error) }),
);
