import { connect, createServer, type Server, type Socket } from 'node:net';

/** What the proxy does with connections: pass them to PostgreSQL, refuse them, or hold them unanswered. */
export type ProxyMode = 'forward' | 'refuse' | 'blackhole';

export interface PostgresProxy {
  /** A DATABASE_URL naming `database` through the proxy (TCP on loopback, no password: PostgreSQL sees a local socket). */
  urlFor(database: string): string;
  /** Switches mode; leaving 'forward' cuts every open connection, as a restart or a failover does. */
  setMode(mode: ProxyMode): void;
  /**
   * A partition of the open connections: nothing passes on them any more and the server's side is not told; PostgreSQL's
   * side is ended (as its keepalive would, releasing their locks). New connections pass.
   */
  silenceOpen(): void;
  close(): Promise<void>;
}

/**
 * A TCP proxy to PostgreSQL's Unix socket that a test controls: the database can be made unreachable for the server
 * under test without stopping the cluster that other tests use. The socket's peer is this process, so PostgreSQL's
 * peer authentication sees the same OS user as the tests'.
 */
export async function startPostgresProxy(databaseUrl: string): Promise<PostgresProxy> {
  const socketPath = unixSocketOf(databaseUrl);
  const user = new URL(databaseUrl).username || 'root';
  const open = new Set<Socket>();
  const pairs = new Set<{ incoming: Socket; upstream: Socket }>();
  let mode: ProxyMode = 'forward';
  const silenced = new WeakSet<Socket>();
  const server: Server = createServer((incoming) => {
    open.add(incoming);
    incoming.on('close', () => open.delete(incoming));
    incoming.on('error', () => incoming.destroy());
    if (mode === 'refuse') return incoming.destroy();
    if (mode === 'blackhole') return;
    const upstream = connect(socketPath);
    const pair = { incoming, upstream };
    open.add(upstream);
    pairs.add(pair);
    upstream.on('close', () => {
      open.delete(upstream);
      pairs.delete(pair);
      if (!silenced.has(incoming)) incoming.destroy();
    });
    upstream.on('error', () => upstream.destroy());
    incoming.on('close', () => {
      pairs.delete(pair);
      upstream.destroy();
    });
    incoming.pipe(upstream).pipe(incoming);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the proxy has no port');
  const cutAll = () => {
    for (const socket of open) socket.destroy();
    open.clear();
  };
  return {
    urlFor: (database) => `postgresql://${user}@127.0.0.1:${address.port}/${database}`,
    setMode(next) {
      if (next !== 'forward' || mode === 'blackhole') cutAll();
      mode = next;
    },
    silenceOpen() {
      for (const { incoming, upstream } of pairs) {
        silenced.add(incoming);
        incoming.unpipe(upstream);
        upstream.unpipe(incoming);
        incoming.pause();
        upstream.destroy();
      }
      pairs.clear();
    },
    close: () => {
      cutAll();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** The Unix socket a libpq-style URL names through its `host` parameter (`?host=/var/run/postgresql`). */
function unixSocketOf(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  const directory = url.searchParams.get('host') ?? '/var/run/postgresql';
  if (!directory.startsWith('/')) throw new Error('the outage tests need DATABASE_URL to name a Unix socket directory (?host=/…)');
  return `${directory}/.s.PGSQL.${url.port || '5432'}`;
}
