import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Security headers on every answer (helmet). The console's CSP allows only its own scripts and
 * calls; styles may be inline because MUI (emotion) injects them; images may come from any https
 * address (logos and offer images are links). HSTS is sent in production only, where the console is
 * on https; development runs on plain http. The middleware is built once (the policy is parsed at
 * start), then only sets its headers on each answer.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const { config } = app;
  const production = config.env === 'production';
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', config.consoleUrl],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...config.cspConnectSources],
        frameSrc: ['https:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
    // Uploaded files override this with cross-origin: the marketplace app shows them (plugins/uploads.ts).
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => setHeaders(request.raw, reply.raw, () => done()));
});
