import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { backgroundWorkPlugin } from './plugins/backgroundWork';
import { consolePlugin } from './plugins/console';
import { contractPlugin, declareSession, DOCS_PREFIX, OPENAPI_PATH } from './plugins/contract';
import { errorEnvelopePlugin } from './plugins/errors';
import { gracefulStopPlugin } from './plugins/gracefulStop';
import { metricsPlugin } from './plugins/metrics';
import { answerClientError, answerFrameworkError } from './lib/frameworkRefusals';
import { jsonBodiesPlugin } from './plugins/jsonBodies';
import { loggerOptions } from './lib/logging';
import { securityHeadersPlugin } from './plugins/securityHeaders';
import { housekeepingPlugin } from './plugins/housekeeping';
import { mailPlugin } from './plugins/mail';
import { uploadsPlugin } from './plugins/uploads';
import { requireSession } from './lib/sessions';
import { declarePermission, requirePermission } from './lib/permissions';
import { sessionCache } from './lib/sessionCache';
import { refuseUnboundStream } from './lib/eventStream';
import { fileStoreFor } from './lib/fileStore';
import { auditRoutes } from './routes/audit';
import { authRoutes } from './routes/auth';
import { companyRoutes } from './routes/companies';
import { creditRoutes } from './routes/credits';
import { creditRequestRoutes } from './routes/creditRequests';
import { dashboardRoutes } from './routes/dashboard';
import { devHelperRoutes } from './routes/devHelpers';
import { fileRoutes } from './routes/files';
import { healthRoutes } from './routes/health';
import { impersonationRoutes } from './routes/impersonation';
import { mfaRoutes } from './routes/mfa';
import { passkeyRoutes } from './routes/passkeys';
import { presenceRoutes } from './routes/presence';
import { reauthRoutes } from './routes/reauth';
import { registryRoutes } from './routes/registry';
import { roomRoutes } from './routes/rooms';
import { sessionRoutes } from './routes/sessions';
import { securityEventRoutes } from './routes/securityEvents';
import { entities } from './entities';
import { entityRoutes } from './entities/entityRoutes';

export const API_PREFIX = '/api';

export interface BuildOptions {
  /** Tests share one per file; otherwise the config's is opened. */
  database?: DatabaseHandle;
  logger?: boolean;
  /** Instead of stdout (tests read what was logged). */
  logStream?: NodeJS.WritableStream;
}

/** Without listening, so tests can `inject` into it. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config, options.logStream),
    trustProxy: config.trustedProxies.length ? config.trustedProxies : false,
    bodyLimit: 1024 * 1024,
    // Malformed or over-long URLs are refused in the contract's envelope, not Fastify's.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // Refused in the envelope instead (plugins/gracefulStop.ts).
    return503OnClosing: false,
  });
  const database = options.database ?? (await openDatabase(config, app.log));
  app.decorate('db', database.db);
  app.decorate('dbKind', database.kind);
  app.decorate('listenToDatabase', database.listen);
  const keptSessions = sessionCache(database.listen, app.log);
  app.decorate('sessionCache', keptSessions);
  app.addHook('onReady', () => keptSessions.start());
  app.addHook('onClose', () => keptSessions.close());
  app.addHook('onSend', refuseUnboundStream);
  app.decorate('config', config);
  app.decorate('files', fileStoreFor(config, database.db));
  app.decorate('routeList', []);
  app.addHook('onRoute', (route) => {
    // The OpenAPI document and its browser describe the contract; they are not part of it.
    if (route.url === OPENAPI_PATH || route.url.startsWith(DOCS_PREFIX)) return;
    for (const method of [route.method].flat())
      if (method !== 'HEAD')
        app.routeList.push({
          method,
          url: route.url,
          schema: route.schema,
          permission: route.config?.permission,
          freshProofWhen: route.config?.freshProofWhen,
        });
  });
  if (!options.database) app.addHook('onClose', () => database.close());
  await app.register(mailPlugin);
  await app.register(backgroundWorkPlugin);
  await app.register(housekeepingPlugin);
  await app.register(gracefulStopPlugin);
  await app.register(metricsPlugin, { database });

  // Only JSON bodies: a cross-site HTML form (text/plain, form-encoded) cannot forge a call.
  app.removeContentTypeParser('text/plain');
  await app.register(jsonBodiesPlugin);
  await app.register(errorEnvelopePlugin);
  await app.register(contractPlugin);
  await app.register(securityHeadersPlugin);

  await app.register(fastifyCookie);
  // A malformed preflight gets an empty 204 rather than the plugin's plain-text 400.
  await app.register(fastifyCors, {
    origin: config.corsOrigins,
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    // A console served from another origin (development) reads an export's file name.
    exposedHeaders: ['Content-Disposition'],
    strictPreflight: false,
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(registryRoutes);
      await api.register(impersonationRoutes);
      await api.register(async (protectedApi) => {
        // onRequest: refused before the body is read.
        protectedApi.addHook('onRequest', requireSession);
        protectedApi.addHook('onRequest', requirePermission);
        protectedApi.addHook('onRoute', declareSession);
        protectedApi.addHook('onRoute', declarePermission);
        await protectedApi.register(companyRoutes);
        await protectedApi.register(creditRoutes);
        await protectedApi.register(creditRequestRoutes);
        await protectedApi.register(auditRoutes);
        await protectedApi.register(fileRoutes);
        await protectedApi.register(roomRoutes);
        await protectedApi.register(presenceRoutes);
        await protectedApi.register(dashboardRoutes);
        await protectedApi.register(mfaRoutes);
        await protectedApi.register(passkeyRoutes);
        await protectedApi.register(reauthRoutes);
        await protectedApi.register(sessionRoutes);
        await protectedApi.register(securityEventRoutes);
        for (const entity of entities) await protectedApi.register(entityRoutes(entity));
        if (config.devRoutes) await protectedApi.register(devHelperRoutes);
      });
    },
    { prefix: API_PREFIX },
  );

  await app.register(uploadsPlugin);
  await app.register(consolePlugin, { consoleDir: config.consoleDir, apiPrefix: API_PREFIX });
  return app;
}
