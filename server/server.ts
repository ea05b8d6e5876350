import cluster from 'node:cluster';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/dataDirLock';
import { processLogger } from './lib/logging';
import { DEMO_CREDENTIALS } from './seed/demoAdmins';
import { seedDemoData } from './seed/seed';
import { fileStoreFor } from './lib/fileStore';

const SEEDED = `demo data seeded; sign in as ${DEMO_CREDENTIALS.email} (password in the README)`;

/** One server process: builds the app and listens (alone, or as one of the cluster's workers). */
async function serve(config: Config): Promise<void> {
  const app = await buildApp(config);
  // With several workers the primary has seeded already.
  if (cluster.isPrimary && config.seedDemo && (await seedDemoData(app.db, app.files, config))) app.log.info(SEEDED);
  const close = async (signal: string) => {
    app.log.info(`${signal}: closing`);
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ host: config.host, port: config.port });
}

/**
 * WORKERS > 1: the primary migrates and seeds once, then forks the workers, which share the port
 * (node:cluster hands connections out in turn) and keep no state of their own: sessions, rate limits
 * and the mail outbox are in the database. A worker that dies once serving is replaced; one that dies
 * before it listens stops the whole server, since its successors would fail the same way.
 */
async function runPrimary(config: Config): Promise<void> {
  const log = processLogger(config);
  const database = await openDatabase(config);
  try {
    if (config.seedDemo && (await seedDemoData(database.db, fileStoreFor(config, database.db), config))) log.info(SEEDED);
  } finally {
    await database.close();
  }
  const listening = new Set<number>();
  let closing = false;
  const workers = () => Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
  const closeAll = (exitCode: number) => {
    closing = true;
    process.exitCode = exitCode;
    for (const worker of workers()) worker.process.kill('SIGTERM');
    if (!workers().length) process.exit(exitCode);
  };
  cluster.on('listening', (worker) => {
    listening.add(worker.id);
    if (listening.size === config.workers) log.info(`${config.workers} workers listening on ${config.host}:${config.port}`);
  });
  cluster.on('exit', (worker, code, signal) => {
    if (closing) {
      if (!workers().length) process.exit();
      return;
    }
    if (!listening.has(worker.id)) {
      log.error({ workerPid: worker.process.pid, code, signal }, 'a worker stopped while starting: closing the server');
      closeAll(1);
      return;
    }
    listening.delete(worker.id);
    log.error({ workerPid: worker.process.pid, code, signal }, 'a worker died: starting another');
    cluster.fork();
  });
  process.once('SIGINT', () => closeAll(0));
  process.once('SIGTERM', () => closeAll(0));
  for (let index = 0; index < config.workers; index += 1) cluster.fork();
}

async function main(): Promise<void> {
  const config = loadConfig();
  await (config.workers > 1 && cluster.isPrimary ? runPrimary(config) : serve(config));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('Server failed to start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
