import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/dataDirLock';
import { processLogger } from './lib/logging';
import { DEMO_CREDENTIALS } from './seed/demoAdmins';
import { seedDemoData } from './seed/seed';
import { fileStoreFor } from './lib/fileStore';

const SEEDED = `demo data seeded; sign in as ${DEMO_CREDENTIALS.email} (password in the README)`;

/** Requests in flight get this long to finish; then their connections are closed. */
const STOP_GRACE_MS = 10_000;
/** Closing in all (the outbox's round, the database), before the process exits regardless. */
const STOP_DEADLINE_MS = STOP_GRACE_MS + 10_000;

/**
 * New requests are refused (503, plugins/gracefulStop.ts), live streams end with a reconnect hint (routes/rooms.ts),
 * requests in flight get STOP_GRACE_MS, then the plugins close.
 */
async function stop(app: FastifyInstance, signal: string): Promise<void> {
  app.log.info(`${signal}: finishing the requests in flight, then stopping`);
  const force = setTimeout(() => {
    app.log.warn(`${signal}: requests still in flight after ${STOP_GRACE_MS / 1000} s: closing their connections`);
    app.server.closeAllConnections();
  }, STOP_GRACE_MS);
  const deadline = setTimeout(() => {
    app.log.error(`${signal}: the server did not close within ${STOP_DEADLINE_MS / 1000} s: exiting`);
    process.exit(1);
  }, STOP_DEADLINE_MS);
  try {
    await app.close();
  } catch (error) {
    app.log.error({ err: error }, `${signal}: closing failed`);
    process.exit(1);
  }
  clearTimeout(force);
  clearTimeout(deadline);
  app.log.info(`${signal}: stopped`);
  process.exit(0);
}

async function serve(config: Config): Promise<void> {
  const app = await buildApp(config);
  // With several workers the primary has seeded already.
  if (cluster.isPrimary && config.seedDemo && (await seedDemoData(app.db, app.files, config))) app.log.info(SEEDED);
  process.once('SIGINT', () => void stop(app, 'SIGINT'));
  process.once('SIGTERM', () => void stop(app, 'SIGTERM'));
  await app.listen({ host: config.host, port: config.port });
}

/**
 * WORKERS > 1: the primary migrates and seeds once, then forks workers that keep no state of their own (sessions, rate
 * limits, the outbox are in the database). A worker that dies once serving is replaced at once; one that dies while
 * starting is retried after 1, 2, 4… s (at most 30), never given up on: an absent database is waited out.
 */
async function runPrimary(config: Config): Promise<void> {
  const log = processLogger(config);
  const database = await openDatabase(config, log);
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
  let failedStarts = 0;
  cluster.on('listening', (worker) => {
    listening.add(worker.id);
    failedStarts = 0;
    if (listening.size === config.workers) log.info(`${config.workers} workers listening on ${config.host}:${config.port}`);
  });
  cluster.on('exit', (worker, code, signal) => {
    if (closing) {
      if (!workers().length) process.exit();
      return;
    }
    if (listening.delete(worker.id)) {
      log.error({ workerPid: worker.process.pid, code, signal }, 'a worker died: starting another');
      cluster.fork();
      return;
    }
    failedStarts += 1;
    const delayMs = restartDelayMs(failedStarts);
    log.error({ workerPid: worker.process.pid, code, signal }, `a worker stopped while starting: starting another in ${delayMs / 1_000} s`);
    setTimeout(() => closing || cluster.fork(), delayMs);
  });
  process.once('SIGINT', () => closeAll(0));
  process.once('SIGTERM', () => closeAll(0));
  for (let index = 0; index < config.workers; index += 1) cluster.fork();
}

const restartDelayMs = (failedStarts: number): number => Math.min(30_000, 1_000 * 2 ** (failedStarts - 1));

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
