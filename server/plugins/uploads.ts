import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { UPLOADS_PATH } from '../../shared/catalogue/uploads';

/**
 * Serves uploaded files. Every answer carries a sandboxing CSP, so an uploaded SVG is shown as an
 * image but can never run a script in the console's origin.
 */
export const uploadsPlugin = fp(async (app: FastifyInstance) => {
  const root = resolve(app.config.uploadDir);
  mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: `${UPLOADS_PATH}/`,
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    maxAge: '7d',
    setHeaders: (reply) => {
      reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox");
      reply.header('cross-origin-resource-policy', 'cross-origin');
    },
  });
});
