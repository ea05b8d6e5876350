import { sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { createdAtOf, g, idOf, pickFrom, rowSeries, spreadOver } from './sqlValues';
import { FIRST_NAMES, LAST_NAMES } from './words';

/** Users, each in a company (some companies have several, some none), one in ten still invited. */
export async function seedUsers(db: Database, rows: number, companyRows: number): Promise<void> {
  await db.execute(sql`
    INSERT INTO users (id, name, email, organisation_id, invited, last_login_at, created_at)
    SELECT ${idOf('users', g)},
      ${pickFrom(FIRST_NAMES, g)} || ' ' || ${pickFrom(LAST_NAMES, sql`g / 16`)},
      lower(${pickFrom(FIRST_NAMES, g)}) || '.' || g || '@users.example',
      ${idOf('companies', spreadOver(g, companyRows, 31))},
      g % 10 = 0,
      CASE WHEN g % 10 <> 0 THEN ${createdAtOf(g, rows)} + interval '2 days' END,
      ${createdAtOf(g, rows)}
    FROM ${rowSeries(rows)}`);
}
