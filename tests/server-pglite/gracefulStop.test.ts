import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { outbox } from '../../server/db/schema';
import { RECONNECT_HINT } from '../../shared/catalogue/eventStreams';
import { pgliteImage } from '../helpers/pgliteImage';
import { callOnNewConnection, freePort, startServerProcess } from '../helpers/serverProcess';
import { insertRoom } from '../helpers/serverFixtures';
import { appOnDataDir, insertAdmin, TEST_PASSWORD } from '../helpers/testServer';

const dataDir = mkdtempSync(join(tmpdir(), 'ap-stop-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** An SMTP relay that takes a while over each mail, so that a sending round is still under way when the server is told to stop. */
async function slowRelay() {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        setTimeout(() => {
          received.push(...session.envelope.rcptTo.map((recipient) => recipient.address));
          callback();
        }, 1_000);
      });
    },
  });
  const port = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port)));
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** What /api/health answers on a new connection: its status, or the code of the error that kept it from answering. */
const healthOn = (port: number) =>
  callOnNewConnection(port, 'GET', '/api/health').then(
    (answer) => answer.status,
    (error: NodeJS.ErrnoException) => error.code,
  );

/**
 * A request whose body comes in two parts: the server has it in flight until `finish` sends the rest, and with it a
 * second request on the same keep-alive connection, which thus reaches the server only once it is stopping.
 */
function slowRequest(port: number, path: string, body: string, then: string) {
  const socket = connect(port, '127.0.0.1');
  let answers = '';
  socket.on('data', (chunk: Buffer) => (answers += chunk.toString()));
  const ended = new Promise<string>((resolve, reject) => {
    socket.on('end', () => resolve(answers));
    socket.on('error', reject);
  });
  const half = Math.floor(body.length / 2);
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, half)}`,
  );
  return {
    finish: () => {
      socket.write(`${body.slice(half)}GET ${then} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
      return ended;
    },
  };
}

/** An open server-sent stream: resolves with all it received once the server ends it. */
function openStream(port: number, path: string, token: string) {
  let received = '';
  let connected = () => undefined as void;
  const isConnected = new Promise<void>((resolve) => (connected = resolve));
  const ended = new Promise<string>((resolve, reject) => {
    const call = request({ host: '127.0.0.1', port, path, headers: { authorization: `JWT ${token}` } }, (response) => {
      response.on('data', (chunk: Buffer) => {
        received += chunk.toString();
        if (received.includes(': connected')) connected();
      });
      response.on('end', () => resolve(received));
    });
    call.on('error', reject);
    call.end();
  });
  return { isConnected, ended };
}

describe('SIGTERM', () => {
  it('stops taking requests, finishes the one in flight and the mail it sends, ends the stream with a reconnect hint, exits 0', async () => {
    const { admin, roomId } = await appOnDataDir(
      dataDir,
      async (app) => {
        const created = await insertAdmin(app, { name: 'Stopping Admin' });
        const { room } = await insertRoom(app);
        return { admin: created, roomId: room.id };
      },
      await pgliteImage(),
    );
    const relay = await slowRelay();
    const port = await freePort();
    const server = startServerProcess({ DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'info', SMTP_URL: `smtp://127.0.0.1:${relay.port}` });
    try {
      await expect.poll(() => healthOn(port), { timeout: 30_000 }).toBe(200);
      const signedIn = await callOnNewConnection(port, 'POST', '/api/admin/signin', { body: { email: admin.email, password: TEST_PASSWORD } });
      const { token } = JSON.parse(signedIn.body) as { token: string };

      const stream = openStream(port, `/api/room/${roomId}/events`, token);
      await stream.isConnected;
      const inFlight = slowRequest(port, '/api/admin/forgot_password', JSON.stringify({ email: admin.email }), '/api/health');
      // The request's head has reached the server: it is in flight.
      await sleep(300);

      server.child.kill('SIGTERM');
      expect(await stream.ended).toMatch(new RegExp(`${RECONNECT_HINT.replaceAll('\n', '\\n')}$`));
      // No new connection is taken...
      await expect.poll(() => healthOn(port), { timeout: 10_000 }).toBe('ECONNREFUSED');
      // ...the request in flight gets its answer, and one that comes after it on its connection a refusal in the envelope.
      const [first = '', second = ''] = (await inFlight.finish()).split(/(?=HTTP\/1\.1 )/);
      expect(first).toMatch(/^HTTP\/1\.1 200 [^]*\r\n\r\n\{"ok":true\}$/);
      expect(second).toMatch(/^HTTP\/1\.1 503 /);
      expect(second.toLowerCase()).toContain('retry-after: 1\r\n');
      expect(second).toMatch(/\r\n\r\n\{"ok":false,"code":"SERVER_STOPPING"\}$/);

      expect(await server.exited).toBe(0);
      expect(server.stdout()).toContain('SIGTERM: stopped');
    } finally {
      server.child.kill('SIGKILL');
      await relay.close();
    }
    // The mail that request queued after its answer went out before the database closed, which released its folder.
    expect(relay.received).toEqual([admin.email]);
    expect(existsSync(join(dataDir, 'pglite', 'admin-platform.lock'))).toBe(false);
    const [mail] = await appOnDataDir(dataDir, (app) => app.db.select().from(outbox).where(eq(outbox.recipient, admin.email)));
    expect(mail?.sentAt).toBeInstanceOf(Date);
  });

  it('closes the connection of a request that does not finish within 10 s, then exits 0', async () => {
    const port = await freePort();
    const server = startServerProcess({ DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'info' });
    try {
      await expect.poll(() => healthOn(port), { timeout: 30_000 }).toBe(200);
      // Its body never comes whole.
      slowRequest(port, '/api/admin/forgot_password', JSON.stringify({ email: 'nobody@example.com' }), '/api/health');
      await sleep(300);
      const signalled = Date.now();
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(Date.now() - signalled).toBeGreaterThanOrEqual(10_000);
      expect(Date.now() - signalled).toBeLessThan(20_000);
      expect(server.stdout()).toContain('requests still in flight after 10 s: closing their connections');
    } finally {
      server.child.kill('SIGKILL');
    }
  });
});
