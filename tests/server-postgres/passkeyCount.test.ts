import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import type { Pool } from 'pg';
import { describe, expect, it } from 'vitest';
import { admins, passkeys } from '../../server/db/schema';
import { softAuthenticator } from '../helpers/softAuthenticator';
import { useSignedInServer } from '../helpers/testServer';

// Runs in the PostgreSQL pass only: two transactions at once need two connections, which PGlite has not.
const ctx = useSignedInServer();

describe('a passkey added while another is removed', () => {
  it('leaves the admin’s passkey count true, which decides whether a password alone signs in', async () => {
    const { app } = ctx.server;
    const { me } = ctx;
    const authenticator = softAuthenticator(app.config.consoleUrl);
    const register = async (name: string) =>
      me.call('POST', '/admin/passkeys', { name, credential: authenticator.create((await me.call('POST', '/admin/passkeys/options', {})).json().data) });
    const first = (await register('Laptop')).json().data._id as string;
    const secondCredential = authenticator.create((await me.call('POST', '/admin/passkeys/options', {})).json().data);

    // Holding the admin row from a connection of our own, both calls have changed their passkey before either counts.
    const holder = await (app.db as unknown as { $client: Pool }).$client.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM admins WHERE id = $1 FOR UPDATE', [me.id]);
      const answers = Promise.all([
        me.call('DELETE', `/admin/passkeys/${first}`),
        me.call('POST', '/admin/passkeys', { name: 'Security key', credential: secondCredential }),
      ]);
      for (let waited = 0; waited < 5_000; waited += 20) {
        const { rows } = await holder.query(
          `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`,
        );
        if (rows[0].waiting === 2) break;
        await sleep(20);
      }
      await holder.query('COMMIT');
      expect((await answers).map((answer) => answer.statusCode)).toEqual([200, 200]);
    } finally {
      holder.release();
    }
    const kept = await app.db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.adminId, me.id));
    const [admin] = await app.db.select({ passkeyCount: admins.passkeyCount }).from(admins).where(eq(admins.id, me.id));
    expect(kept).toHaveLength(1);
    expect(admin?.passkeyCount).toBe(1);
  });
});
