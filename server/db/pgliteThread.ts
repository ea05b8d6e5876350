import { Worker } from 'node:worker_threads';
import type { Results, RowMode } from '@electric-sql/pglite';

export interface WorkerOptions {
  /** Absent: in memory. */
  dataDir?: string;
  /** A `dumpDataDir()` to start from; transferred to the thread (detached here). */
  image?: ArrayBuffer;
  startParams: string[];
}

export type ThreadRequest = { id: number } & (
  | { op: 'query'; sql: string; params: unknown[]; rowMode: RowMode; transaction?: number; sentAt: number }
  | { op: 'begin'; transaction: number; sentAt: number }
  | { op: 'end'; transaction: number; commit: boolean }
  | { op: 'listen'; subscription: number; channel: string }
  | { op: 'unlisten'; subscription: number }
  | { op: 'dump' | 'close' }
);

export type ThreadReply =
  /** `waitedMs`: how long the statement or transaction start waited in PGlite's queue. */
  | { id: number; ok: true; value: unknown; waitedMs?: number }
  | { id: number; ok: false; error: Record<string, unknown> }
  | { notification: number; payload: string }
  | { ready: true }
  | { ready: false; error: Record<string, unknown> };

type Send = (request: DistributiveOmit<ThreadRequest, 'id'>) => Promise<unknown>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** The part of PGlite's API that Drizzle's PGlite driver calls; `parsers` are the worker's own. */
interface Querier {
  query<T>(sql: string, params?: unknown[], options?: { rowMode?: RowMode }): Promise<Results<T>>;
}

export interface PgliteThread extends Querier {
  transaction<T>(callback: (tx: Querier) => Promise<T>): Promise<T>;
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  dumpDataDir(): Promise<Blob>;
  /** Each statement's queue wait, in seconds; returns the unsubscribe. */
  observeQueueWait(observe: (seconds: number) => void): () => void;
  close(): Promise<void>;
  readonly closed: boolean;
}

/** Each thread's `performance.now()` starts at its own origin. */
export const sharedClockMs = (): number => performance.timeOrigin + performance.now();

/**
 * The heap holds little but answers on their way out (PGlite's memory is WebAssembly's): a small young generation keeps
 * the process within its memory aim (docs/benchmarks.md, Load) at no cost to throughput.
 */
const RESOURCE_LIMITS = { maxYoungGenerationSizeMb: 4 };

/** From TypeScript source (development, tests) the worker registers tsx first: a worker does not inherit its parent's loader. */
function newWorker(options: WorkerOptions): Worker {
  const settings = { workerData: options, resourceLimits: RESOURCE_LIMITS, transferList: options.image ? [options.image] : [] };
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./pgliteWorker.mjs', import.meta.url), settings);
  const source = JSON.stringify(new URL('./pgliteWorker.ts', import.meta.url).href);
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${source}); })`;
  return new Worker(bootstrap, { ...settings, eval: true });
}

/** Keeps PostgreSQL's fields (SQLSTATE `code`, constraint…) for dbErrors.ts. */
function rebuiltError(fields: Record<string, unknown>): Error {
  const error = new Error(String(fields.message));
  Object.assign(error, fields);
  return error;
}

/** Statements are answered in the order sent; a transaction holds the database until its callback settles, as in PGlite itself. */
export async function startPgliteThread(options: WorkerOptions): Promise<PgliteThread> {
  const worker = newWorker(options);
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const listeners = new Map<number, (payload: string) => void>();
  const queueObservers = new Set<(seconds: number) => void>();
  let nextId = 0;
  let nextSubscription = 0;
  let nextTransaction = 0;
  let closed = false;
  let started = false;
  let stopped: Error | undefined;

  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (message: ThreadReply) => {
      if ('ready' in message) {
        if (message.ready) resolve();
        else reject(rebuiltError(message.error));
      } else if ('notification' in message) {
        listeners.get(message.notification)?.(message.payload);
      } else {
        const waiting = pending.get(message.id);
        pending.delete(message.id);
        if (message.ok && message.waitedMs !== undefined) for (const observe of queueObservers) observe(Math.max(0, message.waitedMs) / 1000);
        if (message.ok) waiting?.resolve(message.value);
        else waiting?.reject(rebuiltError(message.error));
      }
    });
    // A dead thread (out of memory, engine crash) fails what waits on it and whatever is sent after.
    const fail = (error: Error) => {
      if (stopped) return;
      stopped = closed ? new Error('the database is closed') : new Error(`the database thread stopped: ${error.message}`, { cause: error });
      reject(stopped);
      for (const waiting of pending.values()) waiting.reject(stopped);
      pending.clear();
      // Without its database the process can answer nothing: it crashes for its supervisor to restart it, as when PGlite
      // ran in-process (a failure while starting is the caller's error instead).
      const lost = stopped;
      if (started && !closed)
        setImmediate(() => {
          throw lost;
        });
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`exit code ${code}`)));
  });

  const send: Send = (request) => {
    if (stopped) return Promise.reject(stopped);
    const id = (nextId += 1);
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      try {
        worker.postMessage({ ...request, id });
      } catch (error) {
        // A value that cannot be cloned (a function among the parameters) never reaches the thread.
        pending.delete(id);
        reject(error as Error);
      }
    });
  };

  const querier = (transaction?: number): Querier => ({
    query: <T>(sql: string, params: unknown[] = [], queryOptions: { rowMode?: RowMode } = {}) =>
      send({
        op: 'query',
        sql,
        params,
        rowMode: queryOptions.rowMode ?? 'object',
        sentAt: sharedClockMs(),
        ...(transaction === undefined ? {} : { transaction }),
      }) as Promise<Results<T>>,
  });

  try {
    await ready;
    started = true;
  } catch (error) {
    await worker.terminate();
    throw error;
  }

  return {
    ...querier(),
    async transaction(callback) {
      const transaction = (nextTransaction += 1);
      await send({ op: 'begin', transaction, sentAt: sharedClockMs() });
      let result;
      try {
        result = await callback(querier(transaction));
      } catch (error) {
        // The callback's own error is the answer (a 409, say), even if the rollback cannot be sent any more.
        await send({ op: 'end', transaction, commit: false }).catch(() => undefined);
        throw error;
      }
      await send({ op: 'end', transaction, commit: true });
      return result;
    },
    async listen(channel, onPayload) {
      const subscription = (nextSubscription += 1);
      listeners.set(subscription, onPayload);
      await send({ op: 'listen', subscription, channel }).catch((error: unknown) => {
        listeners.delete(subscription);
        throw error;
      });
      return async () => {
        listeners.delete(subscription);
        if (!closed) await send({ op: 'unlisten', subscription });
      };
    },
    async dumpDataDir() {
      return new Blob([(await send({ op: 'dump' })) as ArrayBuffer]);
    },
    observeQueueWait(observe) {
      queueObservers.add(observe);
      return () => void queueObservers.delete(observe);
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await send({ op: 'close' });
      } finally {
        await worker.terminate();
      }
    },
    get closed() {
      return closed;
    },
  };
}
