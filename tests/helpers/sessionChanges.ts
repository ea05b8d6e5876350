import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, vi } from 'vitest';
import { SESSION_CHANGES_CHANNEL } from '../../server/lib/sessionCache';

/**
 * Resolves once `app` has heard every change to sessions and admins committed so far: it sends a notification of its
 * own on the channel and waits for it, since one listening connection hears notifications in commit order. On PGlite
 * they are heard with the statement's result; on PostgreSQL, on the app's listening connection, a moment later.
 */
export async function sessionChangesHeard(app: FastifyInstance): Promise<void> {
  const marker = `test-${randomUUID()}`;
  await app.db.execute(sql`SELECT pg_notify(${SESSION_CHANGES_CHANNEL}, ${marker})`);
  await vi.waitFor(() => expect(app.sessionCache.lastNotification).toBe(marker), { timeout: 2_000, interval: 5 });
}
