import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode } from '../../shared/catalogue/errorCodes';

/** What a client (or a load balancer) is told to wait before calling again, on another server if there is one. */
const RETRY_AFTER_SECONDS = 1;

/**
 * Once the app closes (SIGTERM, server.ts), a request that still arrives on an open keep-alive connection is refused
 * with 503 SERVER_STOPPING in the envelope (Fastify's own 503 has its own body; the app turns it off), and its
 * connection is closed; the requests already in flight finish. Registered before the routes, so that it sees them all.
 */
export const gracefulStopPlugin = fp(async (app: FastifyInstance) => {
  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!stopping) return;
    return reply
      .status(503)
      .header('connection', 'close')
      .header('retry-after', String(RETRY_AFTER_SECONDS))
      .send({ ok: false, code: ErrorCode.SERVER_STOPPING });
  });
});
