import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import http2 from 'node:http2';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TlsProxy {
  /** e.g. `https://127.0.0.1:3944` */
  origin: string;
  close(): Promise<void>;
}

/** Headers that describe one hop's connection, never forwarded (RFC 9110 §7.6.1; HTTP/2 forbids them). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'host']);

const forwarded = (headers: IncomingHttpHeaders): Record<string, string | string[]> =>
  Object.fromEntries(Object.entries(headers).filter(([name, value]) => value !== undefined && !name.startsWith(':') && !HOP_BY_HOP.has(name))) as Record<
    string,
    string | string[]
  >;

/**
 * HTTPS with HTTP/2 (and HTTP/1.1 for clients without it) on 127.0.0.1:`port`, forwarding every request to `target`:
 * the transport a deployment puts in front of the server (a TLS-terminating proxy), under a self-signed certificate
 * made for the run with openssl (a browser measuring through it must ignore certificate errors).
 */
export async function startTlsProxy(port: number, target: URL): Promise<TlsProxy> {
  const dir = mkdtempSync(join(tmpdir(), 'ap-bench-tls-'));
  const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    {
      stdio: 'ignore',
    },
  );
  const server = http2.createSecureServer({ key: readFileSync(key), cert: readFileSync(cert), allowHTTP1: true }, (request, response) => {
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: request.method, path: request.url, headers: { ...forwarded(request.headers), host: target.host } },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, forwarded(answer.headers));
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  // The browser keeps its connections open; closing the proxy ends them, or `close` would wait for the browser.
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin: `https://127.0.0.1:${port}`,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
