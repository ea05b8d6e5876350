import type { FastifyInstance } from 'fastify';
import { okAnswer } from '../../shared/contract/envelope';
import { migrationsApplied } from '../db/client';
import { done } from '../lib/answers';
import { databaseUnavailable } from '../lib/errors';
import { withTimeout } from '../lib/withTimeout';

const tags = ['Health'];
/** A readiness probe wants its answer quickly: a slower database is not ready. */
const READY_TIMEOUT_MS = 2_000;

/** For a supervisor or a load balancer (docs/operations.md). */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/health', { schema: { summary: 'Liveness: the process answers (the database is not asked)', tags, response: { 200: okAnswer } } }, async () =>
    done(),
  );

  app.get(
    '/ready',
    {
      schema: {
        summary: 'Readiness: the database answers and holds every migration of this build; else 503 DATABASE_UNAVAILABLE',
        tags,
        response: { 200: okAnswer },
      },
    },
    async () => {
      const ready = await withTimeout(migrationsApplied(app.db), READY_TIMEOUT_MS).catch(() => false);
      if (!ready) throw databaseUnavailable();
      return done();
    },
  );
}
