import { sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { domainSql, subDomainSql } from './companies';
import { createdAtOf, g, idOf, pickFrom, rowSeries, spreadOver } from './sqlValues';
import { DETAILS, PRODUCTS, QUALITIES } from './words';

/** Offers of companies (a few have none), priced or on proposal, with one or two images. */
export async function seedOffers(db: Database, rows: number, companyRows: number): Promise<void> {
  await db.execute(sql`
    INSERT INTO offers (id, title, description, images, organisation_id, activity_domain, sub_activity_domain, price, unit,
      credit_ratio, price_on_proposal, created_at)
    SELECT ${idOf('offers', g)},
      ${pickFrom(PRODUCTS, g)} || ' ' || ${pickFrom(QUALITIES, sql`g / 20`)},
      ${pickFrom(PRODUCTS, g)} || ' ' || ${pickFrom(QUALITIES, sql`g / 20`)} || ' : ' || ${pickFrom(DETAILS, sql`g / 7`)} || '. Référence ' || g || '.',
      jsonb_build_array('https://cdn.example/offers/' || g || '-1.jpg', 'https://cdn.example/offers/' || g || '-2.jpg'),
      CASE WHEN g % 50 <> 0 THEN ${idOf('companies', spreadOver(g, companyRows, 37))} END,
      ${domainSql},
      ${subDomainSql},
      CASE WHEN g % 10 <> 0 THEN round((50 + (g::bigint * 7919) % 20000)::numeric, 2)::double precision END,
      ${pickFrom(['unité', 'jour', 'heure', 'forfait'], sql`g / 3`)},
      (ARRAY[1, 0.75, 0.5])[1 + g % 3],
      g % 10 = 0,
      ${createdAtOf(g, rows)}
    FROM ${rowSeries(rows)}`);
}
