import { existsSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** A GET outside the API that asks for a page gets index.html, so deep links load. No build: the API alone. */
export const consolePlugin = fp(async (app: FastifyInstance, options: { consoleDir: string; apiPrefix: string }) => {
  const root = resolve(options.consoleDir);
  const hasConsole = existsSync(resolve(root, 'index.html'));
  if (hasConsole) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      cacheControl: false,
      // The build writes .br and .gz beside each text asset.
      preCompressed: true,
      // Hashed assets never change; everything else (index.html above all) is revalidated.
      setHeaders: (reply, filePath) =>
        reply.header('cache-control', filePath.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' && !request.url.startsWith(options.apiPrefix) && request.headers.accept?.includes('text/html');
    if (hasConsole && wantsPage) return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
    return reply.status(404).send({ ok: false, code: 'NOT_FOUND' });
  });
});
