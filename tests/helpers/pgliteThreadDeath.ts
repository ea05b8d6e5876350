// Run as a process of its own by tests/server-pglite/pgliteThreadDeath.test.ts: opens the embedded database, then ends its
// thread from outside, as an out-of-memory kill or an engine crash would.
import { createRequire, syncBuiltinESMExports } from 'node:module';
import type { Worker as WorkerThread } from 'node:worker_threads';

const threads = createRequire(import.meta.url)('node:worker_threads') as typeof import('node:worker_threads');
const started: WorkerThread[] = [];
const { Worker } = threads;
// Every thread started from here on is kept, so that this script can end it.
threads.Worker = class extends Worker {
  constructor(...args: ConstructorParameters<typeof Worker>) {
    super(...args);
    started.push(this);
  }
};
syncBuiltinESMExports();

const { openDatabase } = await import('../../server/db/client');
await openDatabase({ dataDir: ':memory:' });
console.log('database open');
await started[0]?.terminate();
setTimeout(() => {
  console.log('still running after its database thread stopped');
  process.exit(0);
}, 5_000);
