import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pruneExpired } from '../lib/pruneExpired';

const PRUNE_PERIOD_MS = 60 * 60 * 1000;

/** Any process may prune: deletes are idempotent. */
export const housekeepingPlugin = fp(async (app: FastifyInstance) => {
  const prune = async () => {
    try {
      const pruned = await pruneExpired(app.db, app.config.authRateLimit.windowSeconds);
      app.log.debug(pruned, 'expired rows pruned');
    } catch (error) {
      app.log.error({ err: error }, 'pruning expired rows failed');
    }
  };
  const timer = setInterval(() => void prune(), PRUNE_PERIOD_MS);
  timer.unref();
  app.addHook('onReady', prune);
  app.addHook('onClose', async () => clearInterval(timer));
});
