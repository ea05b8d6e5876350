import { sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { EMERGENCIES, NEED_STATUSES } from '../../../shared/catalogue/needOptions';
import { domainSql, subDomainSql } from './companies';
import { createdAtOf, g, idOf, pickFrom, rowSeries, spreadOver } from './sqlValues';
import { DETAILS, PRODUCTS, QUALITIES } from './words';

/** Needs of buyer companies, in every emergency and status. */
export async function seedNeeds(db: Database, rows: number, companyRows: number): Promise<void> {
  await db.execute(sql`
    INSERT INTO needs (id, organisation_id, activity_domain, sub_activity_domain, description, emergency, status, created_at)
    SELECT ${idOf('needs', g)},
      CASE WHEN g % 50 <> 0 THEN ${idOf('companies', spreadOver(g, companyRows, 41))} END,
      ${domainSql},
      ${subDomainSql},
      'Nous cherchons : ' || lower(${pickFrom(PRODUCTS, sql`g * 3`)}) || ' ' || ${pickFrom(QUALITIES, sql`g / 20`)} || ', ' || ${pickFrom(DETAILS, sql`g / 7`)} || ' (demande ' || g || ').',
      ${pickFrom(EMERGENCIES, sql`g / 5`)},
      ${pickFrom(NEED_STATUSES, sql`g / 4`)},
      ${createdAtOf(g, rows)}
    FROM ${rowSeries(rows)}`);
}
