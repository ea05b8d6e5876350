import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode } from '../../shared/catalogue/errorCodes';

/** Then the client (or load balancer) calls again, on another server if there is one. */
const RETRY_AFTER_SECONDS = 1;

/**
 * A request still arriving on a keep-alive connection once the app closes gets 503 SERVER_STOPPING in the envelope
 * (Fastify's own 503 is turned off in app.ts) and its connection closed. Registered before the routes, to see them all.
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
