import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * What the proxy does with connections: pass them to PostgreSQL, refuse them, or hold them unanswered; on a Unix
 * socket, 'absent' also removes the socket file (ENOENT, as while PostgreSQL is stopped).
 */
export type ProxyMode = 'forward' | 'refuse' | 'blackhole' | 'absent';

export interface PostgresProxy {
  /** A DATABASE_URL naming `database` through the proxy (no password: PostgreSQL sees a local socket). */
  urlFor(database: string): string;
  /** On a Unix socket: the directory holding `.s.PGSQL.{port}` and that port, as libpq's `host` and `port` name them. */
  socket?: { directory: string; port: number };
  /** Switches mode; leaving 'forward' cuts every open connection, as a restart or a failover does. */
  setMode(mode: ProxyMode): Promise<void>;
  /**
   * A partition of the open connections: nothing passes on them any more and the server's side is not told; PostgreSQL's
   * side is ended (as its keepalive would, releasing their locks). New connections pass.
   */
  silenceOpen(): void;
  close(): Promise<void>;
}

/** The port a Unix-socket proxy names in its socket file (`.s.PGSQL.{port}`): any number, nothing listens on it. */
const SOCKET_PORT = 5499;

/**
 * A proxy to PostgreSQL's Unix socket that a test controls, listening on TCP loopback or (`on: 'unix'`) on a socket
 * file in a directory of its own, which every OS user may open (a pooler running as another user). The database can
 * be made unreachable for the server under test without stopping the cluster that other tests use. The socket's peer
 * is this process, so PostgreSQL's peer authentication sees the same OS user as the tests'.
 */
export async function startPostgresProxy(databaseUrl: string, on: 'tcp' | 'unix' = 'tcp'): Promise<PostgresProxy> {
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
    if (mode === 'refuse' || mode === 'absent') return incoming.destroy();
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
  const cutAll = () => {
    for (const socket of open) socket.destroy();
    open.clear();
  };
  const closeServer = () => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
  const cut = { cutAll, closeServer, pairs, silenced };
  if (on === 'unix')
    return unixProxy(
      server,
      user,
      cut,
      (next) => (mode = next),
      () => mode,
    );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the proxy has no port');
  return {
    urlFor: (database) => `postgresql://${user}@127.0.0.1:${address.port}/${database}`,
    setMode: async (next) => {
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
      return closeServer();
    },
  };
}

interface Cutting {
  cutAll(): void;
  closeServer(): Promise<void>;
  pairs: Set<{ incoming: Socket; upstream: Socket }>;
  silenced: WeakSet<Socket>;
}

/** Node removes a Unix socket's file when its server closes: 'absent' closes it, leaving it listens again. */
async function unixProxy(server: Server, user: string, cut: Cutting, setMode: (mode: ProxyMode) => void, mode: () => ProxyMode): Promise<PostgresProxy> {
  const directory = mkdtempSync(join(tmpdir(), 'ap-pg-socket-'));
  chmodSync(directory, 0o755);
  const path = join(directory, `.s.PGSQL.${SOCKET_PORT}`);
  const listen = async () => {
    await new Promise<void>((resolve) => server.listen(path, resolve));
    chmodSync(path, 0o777);
  };
  await listen();
  return {
    urlFor: (database) => `postgresql://${user}@localhost/${database}?host=${directory}&port=${SOCKET_PORT}`,
    socket: { directory, port: SOCKET_PORT },
    setMode: async (next) => {
      const previous = mode();
      if (next !== 'forward' || previous === 'blackhole') cut.cutAll();
      setMode(next);
      if (next === 'absent' && previous !== 'absent') await cut.closeServer();
      if (next !== 'absent' && previous === 'absent') await listen();
    },
    silenceOpen() {
      for (const { incoming, upstream } of cut.pairs) {
        cut.silenced.add(incoming);
        incoming.unpipe(upstream);
        upstream.unpipe(incoming);
        incoming.pause();
        upstream.destroy();
      }
      cut.pairs.clear();
    },
    close: async () => {
      cut.cutAll();
      await cut.closeServer();
      rmSync(directory, { recursive: true, force: true });
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
