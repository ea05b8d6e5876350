import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { LISTENER_APPLICATION_NAME } from '../../server/db/postgresListener';
import { sessionChangesHeard } from '../helpers/sessionChanges';
import { statementsSent } from '../helpers/statements';
import { useSignedInServer } from '../helpers/testServer';

// Runs in the PostgreSQL pass only (vitest.config.ts includes this folder when DATABASE_URL is set).
const ctx = useSignedInServer();
const app = () => ctx.server.app;
const sessionReads = (call: () => Promise<unknown>) => statementsSent(app(), '"sessions"', call);
const dashboard = () => ctx.me.call('GET', '/dashboard');

describe('sessions kept in memory while their changes can be heard', () => {
  it('are read from the database while the listening connection is lost, and kept again once it is back', async () => {
    await sessionChangesHeard(app());
    await dashboard();
    expect(await sessionReads(dashboard)).toEqual([]);

    await app().db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = current_database() AND application_name = ${LISTENER_APPLICATION_NAME} AND query LIKE 'LISTEN "session_changes"'`,
    );
    await vi.waitFor(() => expect(app().sessionCache.listening).toBe(false), { timeout: 2_000, interval: 5 });
    const whileDeaf = await sessionReads(async () => {
      for (let call = 0; call < 2; call += 1) expect((await dashboard()).statusCode).toBe(200);
    });
    expect(whileDeaf).toHaveLength(2);

    await vi.waitFor(() => expect(app().sessionCache.listening).toBe(true), { timeout: 5_000, interval: 50 });
    expect(await sessionReads(dashboard)).toHaveLength(1);
    expect(await sessionReads(dashboard)).toEqual([]);
  });
});
