import type pg from 'pg';
import type { StopListening } from './client';
import { connectionConfig, type DatabaseTarget } from './connectionConfig';
import { recordDatabaseError } from '../lib/metrics';

/** How often the listening connection proves it is alive, and how long its answer (or opening) may take. */
const HEARTBEAT = { everyMs: 10_000, timeoutMs: 5_000 };
/** Shown in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'admin-platform listener';

interface Subscription {
  channel: string;
  onPayload: (payload: string) => void;
  onLost: (error: Error) => void;
  /** Set once its LISTEN ran: only then is it told of a loss. */
  listening: boolean;
}

interface Connection {
  /** The client once connected and heart-beating. */
  ready: Promise<pg.Client>;
  subscriptions: Set<Subscription>;
  /** Channels LISTENed on this connection: one stays listened while it lives, its notifications dropped once unheard. */
  listened: Map<string, Promise<unknown>>;
  /** The statement under way: one at a time on a client (pg 9 refuses overlapping ones). */
  last: Promise<unknown>;
  ended: boolean;
}

/** Runs `text` once the connection's previous statement is done. */
function run(connection: Connection, client: pg.Client, text: string): Promise<unknown> {
  const result = connection.last.catch(() => undefined).then(() => client.query(text));
  connection.last = result;
  return result;
}

/**
 * Ends `client`, dropping its socket if the server has not acknowledged within `ms`: a peer gone silent (a dropped
 * route, a proxy that swallows) never answers, and its statements would wait for ever; dropped, they fail.
 */
async function endWithin(client: pg.Client, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), ms)));
  const outcome = await Promise.race([
    client.end().then(
      () => 'ended' as const,
      () => 'ended' as const,
    ),
    late,
  ]);
  clearTimeout(timer);
  if (outcome === 'late') (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
}

export type PostgresListen = (channel: string, onPayload: (payload: string) => void, onLost: (error: Error) => void) => Promise<StopListening>;

/**
 * One connection outside the pool (a pooled one goes to others between statements) for every channel of a server, so
 * that its notifications arrive in commit order whatever their channel: a session's end is heard before a message
 * written after it. Opened on the first `listen`, ended when nothing listens; `onLost` is called at most once per
 * subscription, and only after its listening began. An idle connection can die without a word (a dropped NAT entry,
 * a failover), hence the heartbeat.
 */
export function postgresListener(target: DatabaseTarget | string, heartbeat = HEARTBEAT): { listen: PostgresListen; close(): Promise<void> } {
  let current: Connection | undefined;

  const end = async (connection: Connection) => {
    connection.ended = true;
    if (current === connection) current = undefined;
    const client = await connection.ready.catch(() => undefined);
    if (client) await endWithin(client, heartbeat.timeoutMs);
  };

  function connect(): Connection {
    // `ready` is set below: `lost` needs the connection first.
    const connection = { subscriptions: new Set(), listened: new Map(), last: Promise.resolve(), ended: false } as Connection;
    const lost = (error: Error) => {
      if (connection.ended) return;
      recordDatabaseError('connection');
      void end(connection);
      const told = [...connection.subscriptions].filter((subscription) => subscription.listening);
      connection.subscriptions.clear();
      for (const subscription of told) subscription.onLost(error);
    };
    connection.ready = (async () => {
      const { Client } = await import('pg');
      const client = new Client({
        ...connectionConfig(typeof target === 'string' ? { url: target } : target),
        application_name: LISTENER_APPLICATION_NAME,
        connectionTimeoutMillis: heartbeat.timeoutMs,
        keepAlive: true,
      });
      client.on('error', lost);
      client.on('end', () => lost(new Error('the listening connection ended')));
      client.on('notification', ({ channel, payload }) => {
        if (payload === undefined) return;
        for (const subscription of connection.subscriptions) if (subscription.listening && subscription.channel === channel) subscription.onPayload(payload);
      });
      try {
        await client.connect();
      } catch (error) {
        connection.ended = true;
        await client.end().catch(() => undefined);
        throw error;
      }
      const beating = setInterval(() => {
        const late = setTimeout(() => lost(new Error('the listening connection did not answer its heartbeat')), heartbeat.timeoutMs);
        run(connection, client, 'SELECT 1')
          .then(
            () => undefined,
            (error: unknown) => lost(error instanceof Error ? error : new Error(String(error))),
          )
          .finally(() => clearTimeout(late));
      }, heartbeat.everyMs);
      beating.unref();
      client.on('end', () => clearInterval(beating));
      return client;
    })();
    return connection;
  }

  /** The connection under way, or a new one: one that ended meanwhile (its last subscriber left, or it was lost) is not reused. */
  async function open(): Promise<{ connection: Connection; client: pg.Client }> {
    const connection = (current ??= connect());
    const client = await connection.ready.catch((error: unknown) => {
      if (current === connection) current = undefined;
      throw error;
    });
    return { connection, client };
  }

  const listen: PostgresListen = async (channel, onPayload, onLost) => {
    let opened = await open();
    while (opened.connection.ended) opened = await open();
    const { connection, client } = opened;
    const subscription: Subscription = { channel, onPayload, onLost, listening: false };
    connection.subscriptions.add(subscription);
    const leave = async () => {
      if (!connection.subscriptions.delete(subscription)) return;
      if (!connection.subscriptions.size) await end(connection);
    };
    let listened = connection.listened.get(channel);
    if (!listened) {
      listened = run(connection, client, `LISTEN ${client.escapeIdentifier(channel)}`);
      connection.listened.set(channel, listened);
    }
    try {
      await listened;
      if (connection.ended) throw new Error('the listening connection ended as it started');
    } catch (error) {
      if (connection.listened.get(channel) === listened) connection.listened.delete(channel);
      await leave();
      throw error;
    }
    subscription.listening = true;
    return leave;
  };

  return {
    listen,
    async close() {
      if (current) await end(current);
    },
  };
}
