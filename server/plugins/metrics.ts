import { createHash, timingSafeEqual } from 'node:crypto';
import { isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type Metric } from 'prom-client';
import type { DatabaseHandle } from '../db/client';
import { outbox } from '../db/schema';
import { databaseErrors } from '../lib/metrics';
import { MAX_SEND_ATTEMPTS } from '../mail/outboxSending';
import { withTimeout } from '../lib/withTimeout';

export const METRICS_PATH = '/metrics';
/** Past this the outbox gauge is left out of the scrape. */
const OUTBOX_COUNT_TIMEOUT_MS = 1000;
const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUEUE_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/**
 * GET /metrics only when METRICS_TOKEN is set (otherwise 404), for `Authorization: Bearer <token>`. A registry per app:
 * tests build many apps in a process. Registered before the routes, so that its hook sees every one.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, options: { database: DatabaseHandle }) => {
  const token = app.config.metricsToken;
  if (!token) return;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const metrics: Metric[] = [databaseErrors];

  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({ name: 'http_requests_total', help: 'Answered requests by route pattern, method and status', labelNames, registers: [] });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request to its answer (a server-sent stream: until it ends), by route pattern, method and status',
    labelNames,
    buckets: SECONDS_BUCKETS,
    registers: [],
  });
  metrics.push(requests, durations);
  app.addHook('onResponse', async (request, reply) => {
    // The pattern (`/api/company/:id`), never the raw URL: one series per route, not per record.
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: reply.statusCode };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
  });

  const { poolStats, observeQueueWait } = options.database;
  if (poolStats) {
    metrics.push(
      new Gauge({
        name: 'db_pool_connections',
        help: 'Connections of the PostgreSQL pool: open (total) and idle among them',
        labelNames: ['state'] as const,
        registers: [],
        collect() {
          const stats = poolStats();
          this.set({ state: 'total' }, stats.total);
          this.set({ state: 'idle' }, stats.idle);
        },
      }),
      new Gauge({
        name: 'db_pool_waiting_queries',
        help: 'Queries waiting for a connection of the PostgreSQL pool',
        registers: [],
        collect() {
          this.set(poolStats().waiting);
        },
      }),
    );
  }
  if (observeQueueWait) {
    const queueWait = new Histogram({
      name: 'pglite_queue_wait_seconds',
      help: "How long a statement (or a transaction's start) waited before the PGlite thread took it up",
      buckets: QUEUE_BUCKETS,
      registers: [],
    });
    metrics.push(queueWait);
    const stop = observeQueueWait((seconds) => queueWait.observe(seconds));
    app.addHook('onClose', async () => stop());
  }
  metrics.push(
    new Gauge({
      name: 'mail_outbox_unsent',
      help: `Mail not sent yet, counted at scrape time: pending, or given up after ${MAX_SEND_ATTEMPTS} tries`,
      labelNames: ['state'] as const,
      registers: [],
      async collect() {
        // A slow or failed count leaves the gauge out of this scrape, never failing the scrape.
        this.reset();
        try {
          const [row] = await withTimeout(
            app.db
              .select({
                pending: sql<number>`count(*) filter (where ${outbox.attempts} < ${MAX_SEND_ATTEMPTS})::int`,
                givenUp: sql<number>`count(*) filter (where ${outbox.attempts} >= ${MAX_SEND_ATTEMPTS})::int`,
              })
              .from(outbox)
              .where(isNull(outbox.sentAt)),
            OUTBOX_COUNT_TIMEOUT_MS,
          );
          this.set({ state: 'pending' }, Number(row?.pending ?? 0));
          this.set({ state: 'given_up' }, Number(row?.givenUp ?? 0));
        } catch (error) {
          app.log.warn({ err: error }, 'metrics: counting the unsent mail failed');
        }
      },
    }),
  );
  for (const metric of metrics) registry.registerMetric(metric);

  const expected = digest(`Bearer ${token}`);
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    // Digests of equal length, compared in constant time: timing tells nothing of the token.
    if (!timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) return reply.status(401).send({ ok: false, code: 'UNAUTHORIZED' });
    return reply
      .header('content-type', registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
});
