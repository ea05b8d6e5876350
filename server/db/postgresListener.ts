import type { StopListening } from './client';
import { connectionConfig, type DatabaseTarget } from './connectionConfig';
import { recordDatabaseError } from '../lib/metrics';

/** How often the listening connection proves it is alive, and how long its answer (or opening) may take. */
const HEARTBEAT = { everyMs: 10_000, timeoutMs: 5_000 };
/** Shown in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'admin-platform listener';

/**
 * Outside the pool: a pooled connection goes to others between statements. `onLost` is called at most once, and only
 * after listening began. An idle connection can die without a word (a dropped NAT entry, a failover), hence the heartbeat.
 */
export async function listenOnPostgres(
  target: DatabaseTarget | string,
  channel: string,
  onPayload: (payload: string) => void,
  onLost: (error: Error) => void,
  heartbeat = HEARTBEAT,
): Promise<StopListening> {
  const { Client } = await import('pg');
  const client = new Client({
    ...connectionConfig(typeof target === 'string' ? { url: target } : target),
    application_name: LISTENER_APPLICATION_NAME,
    connectionTimeoutMillis: heartbeat.timeoutMs,
    keepAlive: true,
  });
  let stopped = false;
  let listening = false;
  // Set once listening; end() may run before.
  let beating: NodeJS.Timeout | undefined = undefined;
  const end = () => {
    stopped = true;
    clearInterval(beating);
    return client.end().catch(() => undefined);
  };
  const lost = (error: Error) => {
    if (stopped) return;
    recordDatabaseError('connection');
    void end();
    if (listening) onLost(error);
  };
  client.on('error', lost);
  client.on('end', () => lost(new Error('the listening connection ended')));
  client.on('notification', (message) => {
    if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
  });
  try {
    await client.connect();
    await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    if (stopped) throw new Error('the listening connection ended as it started');
  } catch (error) {
    await end();
    throw error;
  }
  listening = true;
  beating = setInterval(() => {
    const late = setTimeout(() => lost(new Error('the listening connection did not answer its heartbeat')), heartbeat.timeoutMs);
    client
      .query('SELECT 1')
      .then(
        () => undefined,
        (error: unknown) => lost(error instanceof Error ? error : new Error(String(error))),
      )
      .finally(() => clearTimeout(late));
  }, heartbeat.everyMs);
  beating.unref();
  return async () => {
    if (!stopped) await end();
  };
}
