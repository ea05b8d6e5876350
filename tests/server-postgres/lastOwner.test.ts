import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import type { Pool } from 'pg';
import { describe, expect, it } from 'vitest';
import { admins } from '../../server/db/schema';
import { signedInAdmin, useSignedInServer } from '../helpers/testServer';

// Runs in the PostgreSQL pass only: two transactions at once need two connections, which PGlite has not.
const ctx = useSignedInServer();

describe('two owners demoting each other at the same moment', () => {
  it('leaves one owner: exactly one change wins, the other is refused 409 LAST_OWNER and changes nothing', async () => {
    const { app } = ctx.server;
    // The test's admin steps aside, so that the two below are the only owners.
    const first = await signedInAdmin(app, 'owner');
    const second = await signedInAdmin(app, 'owner');
    await app.db.update(admins).set({ role: 'support' }).where(eq(admins.id, ctx.me.id));
    // Holding the owners' lock from a connection of our own, both demotions have written before either counts the owners.
    // A transaction's lock: behind PgBouncer in transaction mode, a session's lock and its unlock could reach two
    // different server connections, and the lock would outlive the test.
    const holder = await (app.db as unknown as { $client: Pool }).$client.connect();
    try {
      await holder.query('BEGIN');
      await holder.query(`SELECT pg_advisory_xact_lock(hashtext('admins.owners'))`);
      const answers = Promise.all([
        first.call('PUT', `/admin/${second.id}`, { role: 'finance' }),
        second.call('PUT', `/admin/${first.id}`, { role: 'finance' }),
      ]);
      for (let waited = 0; waited < 5_000; waited += 20) {
        const { rows } = await holder.query(`SELECT count(*)::int AS waiting FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`);
        if (rows[0].waiting === 2) break;
        await sleep(20);
      }
      await holder.query('COMMIT');
      const [one, other] = await answers;
      expect([one.statusCode, other.statusCode].sort()).toEqual([200, 409]);
      expect([one, other].find((answer) => answer.statusCode === 409)?.json()).toEqual({ ok: false, code: 'LAST_OWNER' });
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined);
      holder.release();
    }
    const owners = await app.db.select({ id: admins.id }).from(admins).where(eq(admins.role, 'owner'));
    expect(owners).toHaveLength(1);
    expect([first.id, second.id]).toContain(owners[0]?.id);
  });
});
