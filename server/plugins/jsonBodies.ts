import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';
import { ValidationError } from '../lib/validation';

/** PostgreSQL text cannot hold U+0000: such input is refused as a validation error, never reaching SQL. */
const NUL = '\u0000';

function firstNulPath(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return value.includes(NUL) ? path || '_' : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = firstNulPath(item, path ? `${path}.${index}` : String(index));
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes(NUL)) return path || '_';
      const found = firstNulPath(item, path ? `${path}.${key}` : key);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * JSON bodies: Fastify's own parser, refusing prototype-poisoning keys; an empty body counts as no
 * body (clients send `Content-Type: application/json` on every call, DELETE and logout included);
 * a NUL character anywhere, in the body or the URL, is refused with 400.
 */
export function registerJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, (error, value) => {
      if (error) return done(error, undefined);
      const nulAt = firstNulPath(value, '');
      if (nulAt) return done(new ValidationError({ [nulAt]: 'contains a NUL character' }), undefined);
      done(null, value);
    });
  });
  app.addHook('onRequest', async (request) => {
    if (/%00/i.test(request.url)) throw new AppError(400, 'VALIDATION_ERROR');
  });
}
