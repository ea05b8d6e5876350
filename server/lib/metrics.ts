import { Counter } from 'prom-client';

/**
 * Per process, not per app: the pool's own errors (a dropped idle connection) have no app to tell. Each app's registry
 * shows it (server/plugins/metrics.ts); it is in no global registry.
 */
export const databaseErrors = new Counter({
  name: 'db_errors_total',
  help: 'Database errors seen by this process: failed queries and lost connections',
  labelNames: ['kind'] as const,
  registers: [],
});

/** `connection`: the pool or a LISTEN connection lost its link; `query`: a call failed. */
export function recordDatabaseError(kind: 'connection' | 'query'): void {
  databaseErrors.inc({ kind });
}
