import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Inline styles because MUI (emotion) injects them; images from any https address (logos and offer images are links).
 * HSTS in production only: development runs on plain http. Built once, so the policy is parsed at start.
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
