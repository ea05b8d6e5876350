import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';

/**
 * Refuses prototype-poisoning keys; an empty body counts as none (clients send `Content-Type: application/json` on
 * every call, DELETE and logout included). A NUL in the URL is refused here; in a body, `parseInput` refuses it.
 */
export const jsonBodiesPlugin = fp(async (app: FastifyInstance) => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, done);
  });
  app.addHook('onRequest', async (request) => {
    if (/%00/i.test(request.url)) throw new AppError(400, 'VALIDATION_ERROR');
  });
});
