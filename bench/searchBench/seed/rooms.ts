import { sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { createdAtOf, g, idOf, rowSeries, spreadOver } from './sqlValues';

/** Rooms about seeded offers: the seller is the offer's company, the buyer another company; title and images copied from the offer. */
export async function seedRooms(db: Database, rows: number, offerRows: number, companyRows: number): Promise<void> {
  await db.execute(sql`
    INSERT INTO rooms (id, offer_id, offer_title, offer_images, seller_id, buyer_id, created_at)
    SELECT ${idOf('rooms', g)}, offers.id, offers.title, offers.images, offers.organisation_id,
      ${idOf('companies', spreadOver(g, companyRows, 43))},
      ${createdAtOf(g, rows)}
    FROM ${rowSeries(rows)}
    JOIN offers ON offers.id = ${idOf('offers', spreadOver(g, offerRows, 47))}`);
}
