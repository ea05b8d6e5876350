import { sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { createdAtOf, g, idOf, pickFrom, rowSeries, spreadOver } from './sqlValues';

/** The admins who make the changes: a console has a few dozen active ones. */
export const ACTIVE_ADMINS = 50;

/** The trail: mostly updates of companies, offers, needs and users (ids of seeded rows), by a few dozen admins. */
export async function seedAuditEvents(db: Database, rows: number, recordRows: number): Promise<void> {
  const record = (table: 'companies' | 'offers' | 'needs' | 'users') => idOf(table, spreadOver(g, recordRows, 53));
  await db.execute(sql`
    INSERT INTO audit_events (id, created_at, admin_id, admin_name, action, entity, entity_id, changes, ip, request_id)
    SELECT ${idOf('auditEvents', g)}, ${createdAtOf(g, rows)},
      ${idOf('admins', sql`1 + g % ${sql.raw(String(ACTIVE_ADMINS))}`)}, 'Admin ' || (1 + g % ${sql.raw(String(ACTIVE_ADMINS))}),
      ${pickFrom(['update', 'update', 'update', 'create', 'delete'], sql`g / 4`)},
      ${pickFrom(['company', 'offer', 'need', 'user'], g)},
      CASE g % 4 WHEN 0 THEN ${record('companies')} WHEN 1 THEN ${record('offers')} WHEN 2 THEN ${record('needs')} ELSE ${record('users')} END,
      jsonb_build_object('description', jsonb_build_array('avant ' || g, 'après ' || g)),
      '192.0.2.' || (g % 250),
      'req-' || g
    FROM ${rowSeries(rows)}`);
}
