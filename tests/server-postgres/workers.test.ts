import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openThrowawayDatabase } from '../../server/db/throwaway';
import { admins } from '../../server/db/schema';
import { newId } from '../../server/lib/ids';
import { hashPassword } from '../../server/lib/passwords';
import { callOnNewConnection, freePort, startServerProcess } from '../helpers/serverProcess';

// Runs in the PostgreSQL pass only (vitest.config.ts includes this folder when DATABASE_URL is set).
let database: Awaited<ReturnType<typeof openThrowawayDatabase>>;
beforeAll(async () => {
  database = await openThrowawayDatabase();
});
afterAll(() => database.close());

/** The pids of the processes that logged a finished request. */
const servingPids = (log: string): Set<number> =>
  new Set(
    log
      .split('\n')
      .filter((line) => line.includes('"request completed"'))
      .map((line) => (JSON.parse(line) as { pid: number }).pid),
  );

describe('WORKERS=2 on PostgreSQL', () => {
  it('serves one port from two processes that share sessions through the database, and stops them all on SIGTERM', async () => {
    const email = 'workers@example.com';
    await database.db.insert(admins).values({ id: newId(), name: 'Workers', email, passwordHash: await hashPassword('secret-pass-1'), role: 'owner' });
    const port = await freePort();
    const server = startServerProcess({ WORKERS: '2', DATABASE_URL: database.url, PORT: String(port), LOG_LEVEL: 'info' });
    try {
      for (let waited = 0; !server.stdout().includes('2 workers listening'); waited += 100) {
        if (waited > 45_000 || server.child.exitCode !== null) throw new Error(`the server did not start:\n${server.stderr()}`);
        await sleep(100);
      }
      const signIn = await callOnNewConnection(port, 'POST', '/api/admin/signin', { body: { email, password: 'secret-pass-1' } });
      expect(signIn.status).toBe(200);
      const { token } = JSON.parse(signIn.body) as { token: string };
      // Connections are handed to the workers in turn: the session opened through one is honoured by both.
      for (let call = 0; call < 6; call += 1) {
        const answer = await callOnNewConnection(port, 'GET', '/api/dashboard', { headers: { authorization: `JWT ${token}` } });
        expect(answer.status).toBe(200);
      }
      const pids = servingPids(server.stdout());
      expect(pids.size).toBe(2);
      expect(pids.has(server.child.pid as number)).toBe(false);
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exited).toBe(0);
  }, 60_000);
});
