import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './serverProcess';

/** A PostgreSQL cluster of its own, speaking TLS on loopback with a certificate from a throw-away CA. */
export interface TlsCluster {
  /** `postgresql://root@localhost:{port}/postgres?sslmode=…` */
  url(sslmode: 'require' | 'verify-full'): string;
  /** PEM of the CA that signed the server's certificate (DATABASE_CA_FILE). */
  caFile: string;
  /** PEM of another CA, which did not. */
  otherCaFile: string;
  stop(): void;
}

const asRoot = process.getuid?.() === 0;

/** The newest installed server's programs (Debian: /usr/lib/postgresql/{version}/bin). */
function binDir(): string {
  const version = readdirSync('/usr/lib/postgresql')
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a))[0];
  if (!version) throw new Error('no PostgreSQL server installed under /usr/lib/postgresql');
  return `/usr/lib/postgresql/${version}/bin`;
}

/** PostgreSQL refuses to run as root: its programs run as `postgres` then. */
const runAsServer = (program: string, args: string[]) =>
  execFileSync(asRoot ? 'runuser' : program, asRoot ? ['-u', 'postgres', '--', program, ...args] : args, { stdio: 'pipe' });

const openssl = (args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });

function makeCa(directory: string, name: string): { key: string; cert: string } {
  const [key, cert] = [join(directory, `${name}.key`), join(directory, `${name}.pem`)];
  openssl(['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', `/CN=${name}`, '-keyout', key, '-out', cert]);
  return { key, cert };
}

/**
 * initdb, a CA and a server certificate for `localhost` under a temporary folder, and the cluster started on a free
 * port (fsync off: nothing here outlives the test); `stop()` stops it and removes the folder. The role `root` is its
 * superuser, trusted on loopback: the test is about the channel, not the password.
 */
export async function startTlsCluster(): Promise<TlsCluster> {
  const directory = mkdtempSync(join(tmpdir(), 'ap-tls-cluster-'));
  const data = join(directory, 'data');
  let port = 0;
  const bin = binDir();
  const stop = () => {
    try {
      runAsServer(`${bin}/pg_ctl`, ['stop', '-D', data, '-m', 'immediate', '-w']);
    } catch {
      // Not started, or already stopped.
    }
    rmSync(directory, { recursive: true, force: true });
  };
  try {
    const ca = makeCa(directory, 'test-ca');
    const other = makeCa(directory, 'other-ca');
    const [serverKey, serverCsr, serverCert, extensions] = ['server.key', 'server.csr', 'server.pem', 'server.ext'].map((name) => join(directory, name)) as [
      string,
      string,
      string,
      string,
    ];
    writeFileSync(extensions, 'subjectAltName = DNS:localhost, IP:127.0.0.1\n');
    openssl(['req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=localhost', '-keyout', serverKey, '-out', serverCsr]);
    openssl(['x509', '-req', '-in', serverCsr, '-CA', ca.cert, '-CAkey', ca.key, '-CAcreateserial', '-days', '1', '-extfile', extensions, '-out', serverCert]);
    if (asRoot) {
      const postgres = statSync('/var/lib/postgresql');
      for (const path of [directory, serverKey, serverCert]) chownSync(path, postgres.uid, postgres.gid);
    }
    execFileSync('chmod', ['600', serverKey]);
    runAsServer(`${bin}/initdb`, ['-D', data, '-U', 'root', '--auth=trust', '--no-sync']);
    // A free port may be taken by another test's server before the cluster binds it: a new port, twice more.
    for (let attempt = 1; ; attempt += 1) {
      port = await freePort();
      const settings = [
        `-p ${port}`,
        "-c listen_addresses='127.0.0.1'",
        `-c unix_socket_directories='${directory}'`,
        '-c ssl=on',
        `-c ssl_cert_file='${serverCert}'`,
        `-c ssl_key_file='${serverKey}'`,
        '-c fsync=off',
        '-c shared_buffers=16MB',
        '-c max_connections=30',
      ].join(' ');
      try {
        runAsServer(`${bin}/pg_ctl`, ['start', '-D', data, '-w', '-t', '60', '-l', join(directory, 'log'), '-o', settings]);
        break;
      } catch (error) {
        if (attempt === 3)
          throw new Error(
            `${(error as Error).message}\n${(existsSync(join(directory, 'log')) ? readFileSync(join(directory, 'log'), 'utf8') : '').slice(-2_000)}`,
            { cause: error },
          );
      }
    }
    return {
      url: (sslmode) => `postgresql://root@localhost:${port}/postgres?sslmode=${sslmode}`,
      caFile: ca.cert,
      otherCaFile: other.cert,
      stop,
    };
  } catch (error) {
    stop();
    throw error;
  }
}
