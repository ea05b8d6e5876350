import { sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import type { SearchName } from '../shapes';
import { seedAdmins } from './admins';
import { seedAuditEvents } from './auditEvents';
import { seedCategoryImages } from './categoryImages';
import { seedCompanies } from './companies';
import { seedNeeds } from './needs';
import { seedOffers } from './offers';
import { seedRooms } from './rooms';
import { seedUsers } from './users';

type Table = 'admins' | 'companies' | 'users' | 'offers' | 'needs' | 'rooms' | 'category_images' | 'audit_events';

/** The tables each search reads, parents first: users, offers and needs belong to companies, rooms to offers. */
const TABLES_OF: Record<SearchName, Table[]> = {
  admins: ['admins'],
  users: ['companies', 'users'],
  companies: ['companies'],
  offers: ['companies', 'offers'],
  needs: ['companies', 'needs'],
  rooms: ['companies', 'offers', 'rooms'],
  category_images: ['category_images'],
  audit: ['audit_events'],
  dashboard: ['admins', 'companies', 'users', 'offers', 'needs', 'rooms'],
};
const SEED_ORDER: Table[] = ['admins', 'companies', 'users', 'offers', 'needs', 'rooms', 'category_images', 'audit_events'];

/**
 * A picture bank is two orders of magnitude smaller than the other tables, and its search answers every
 * match at once (no pages), so it gets rows / 100.
 */
export const categoryImageRows = (rows: number) => Math.max(100, Math.floor(rows / 100));

const seeders: Record<Table, (db: Database, rows: number) => Promise<void>> = {
  admins: seedAdmins,
  companies: seedCompanies,
  users: (db, rows) => seedUsers(db, rows, rows),
  offers: (db, rows) => seedOffers(db, rows, rows),
  needs: (db, rows) => seedNeeds(db, rows, rows),
  rooms: (db, rows) => seedRooms(db, rows, rows, rows),
  category_images: (db, rows) => seedCategoryImages(db, categoryImageRows(rows)),
  audit_events: (db, rows) => seedAuditEvents(db, rows, rows),
};

/** Seeds `rows` rows into every table the searches read, then VACUUM ANALYZE, the steady state autovacuum keeps. Returns seconds per table. */
export async function seedTables(db: Database, rows: number, searches: SearchName[]): Promise<Map<string, number>> {
  const tables = new Set(searches.flatMap((search) => TABLES_OF[search]));
  const seconds = new Map<string, number>();
  for (const table of SEED_ORDER.filter((name) => tables.has(name))) {
    const started = Date.now();
    await seeders[table](db, rows);
    await db.execute(sql`VACUUM ANALYZE ${sql.identifier(table)}`);
    seconds.set(table, (Date.now() - started) / 1000);
  }
  return seconds;
}
