import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode } from '../../shared/catalogue/errorCodes';
import { UPLOADS_PATH } from '../../shared/catalogue/uploads';

/** An uploaded SVG is shown as an image but can never run a script in the console's origin. */
const SANDBOX_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";
/** Names are random and never reused, so a file at a URL never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Weak and strong forms compare alike. */
function matchesETag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}

/** Every answer, refusals included, carries the sandboxing CSP; the marketplace app shows the files, hence cross-origin. */
export const uploadsPlugin = fp(async (app: FastifyInstance) => {
  app.get<{ Params: { '*': string } }>(`${UPLOADS_PATH}/*`, { schema: { hide: true } }, async (request, reply) => {
    reply.header('content-security-policy', SANDBOX_CSP);
    reply.header('cross-origin-resource-policy', 'cross-origin');
    const file = await app.files.read(`/${request.params['*']}`);
    if (!file) return reply.status(404).send({ ok: false, code: ErrorCode.NOT_FOUND });
    const etag = `"${file.checksum}"`;
    reply.header('etag', etag);
    reply.header('cache-control', IMMUTABLE);
    if (matchesETag(request.headers['if-none-match'], etag)) return reply.status(304).send();
    return reply.type(file.contentType).send(file.bytes);
  });
});
