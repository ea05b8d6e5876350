import { count, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { refusingLinksTo } from '../../shared/entities';
import type { Resource } from '../../shared/catalogue/permissions';
import type { Database } from '../db/client';
import { entities } from '../entities';
import { CountedRefusal } from './errors';
import { columnKey } from './recordFromFields';

/** A link that refuses its target's deletion, as the server counts it: the linking entity's plural (`offers`), its table and column. */
export interface CountedLink {
  key: string;
  table: PgTable;
  column: PgColumn;
}

/** The declared links to `target` that refuse its deletion, with the tables the server serves them from. */
export function refusingLinksOf(target: Resource): CountedLink[] {
  return refusingLinksTo(target).map(({ entity, field }) => {
    const table = entities.find((one) => one.name === entity.name)?.table;
    const column = table && (table as unknown as Record<string, PgColumn>)[columnKey(field)];
    if (!table || !column) throw new Error(`${entity.name}.${field}: no column to count the records linking to a ${target} by`);
    return { key: entity.plural.toLowerCase(), table, column };
  });
}

/** How many records link to `id` through each link, by the linking entity's plural. */
export async function linkedCounts(db: Database, links: readonly CountedLink[], id: string): Promise<Record<string, number>> {
  const where = (link: CountedLink): SQL => eq(link.column, id);
  const totals = await Promise.all(links.map(async (link) => (await db.select({ total: count() }).from(link.table).where(where(link)))[0]?.total ?? 0));
  return Object.fromEntries(links.map((link, index) => [link.key, totals[index] ?? 0]));
}

/** Refuses (409 RECORD_IN_USE, with the counts) to delete a record that records still link to through a link declared `refuse`. */
export async function refuseWhileLinked(db: Database, links: readonly CountedLink[], id: string): Promise<void> {
  if (!links.length) return;
  const counts = await linkedCounts(db, links, id);
  if (Object.values(counts).some((total) => total > 0)) throw new CountedRefusal('RECORD_IN_USE', counts);
}
