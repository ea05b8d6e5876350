import { sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { createdAtOf, g, idOf, pickFrom, rowSeries } from './sqlValues';
import { FIRST_NAMES, LAST_NAMES } from './words';

/** Administrators, half of them signed in at least once. */
export async function seedAdmins(db: Database, rows: number): Promise<void> {
  await db.execute(sql`
    INSERT INTO admins (id, name, email, password_hash, last_login_at, created_at)
    SELECT ${idOf('admins', g)},
      ${pickFrom(FIRST_NAMES, g)} || ' ' || ${pickFrom(LAST_NAMES, sql`g / 16`)},
      lower(${pickFrom(FIRST_NAMES, g)}) || '.' || g || '@admins.example',
      CASE WHEN g % 2 = 0 THEN 'scrypt$bench' END,
      CASE WHEN g % 2 = 0 THEN ${createdAtOf(g, rows)} + interval '1 day' END,
      ${createdAtOf(g, rows)}
    FROM ${rowSeries(rows)}`);
}
