import { sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { domainSql } from './companies';
import { createdAtOf, g, idOf, rowSeries } from './sqlValues';

/** Bank pictures, spread evenly over the activity domains. */
export async function seedCategoryImages(db: Database, rows: number): Promise<void> {
  await db.execute(sql`
    INSERT INTO category_images (id, activity_domain, image_url, created_at)
    SELECT ${idOf('categoryImages', g)}, ${domainSql}, 'https://cdn.example/category_images/' || g || '.jpg', ${createdAtOf(g, rows)}
    FROM ${rowSeries(rows)}`);
}
