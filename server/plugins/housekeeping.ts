import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pruneExpired } from '../lib/pruneExpired';
import { expireCreditRequests } from '../lib/creditRequests';
import { clearSpentMailBodies } from '../mail/outboxRetention';

const PRUNE_PERIOD_MS = 60 * 60 * 1000;

/** Any process may run it: deletes are idempotent, and a credit request is marked expired once (expireCreditRequests). */
export const housekeepingPlugin = fp(async (app: FastifyInstance) => {
  const run = async (job: string, work: () => Promise<unknown>) => {
    try {
      app.log.debug({ done: await work() }, job);
    } catch (error) {
      app.log.error({ err: error }, `${job} failed`);
    }
  };
  const housekeep = async () => {
    await run('pruning expired rows', () => pruneExpired(app.db, app.config.authRateLimit.windowSeconds, app.config.sessionIdleMinutes));
    await run('expiring credit requests', () => expireCreditRequests(app.db));
    await run('clearing spent mail bodies', () => clearSpentMailBodies(app.db));
  };
  const timer = setInterval(() => void housekeep(), PRUNE_PERIOD_MS);
  timer.unref();
  app.addHook('onReady', housekeep);
  app.addHook('onClose', async () => clearInterval(timer));
});
