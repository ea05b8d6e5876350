import { count, eq, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { refusingLinksTo } from '../../shared/entities';
import type { Database } from '../db/client';
import { rooms, users } from '../db/schema';
import { entities } from '../entities';
import { columnKey } from './recordFromFields';
import { AppError } from './errors';

/** What still belongs to a company, by kind (`users`, each declared entity's plural: `offers`, `needs`; `rooms`). */
export type CompanyDependents = Record<string, number>;

/** The error handler sends `counts`: what still belongs to the company. */
export class CompanyNotEmptyError extends AppError {
  constructor(readonly counts: CompanyDependents) {
    super(409, 'COMPANY_NOT_EMPTY');
  }
}

/** The declared entities whose link to a company refuses its deletion (shared/entities/): their count's key and condition. */
const declaredLinks = () =>
  refusingLinksTo('company').map(({ entity, field }) => {
    const table = entities.find((one) => one.name === entity.name)?.table;
    const column = table && (table as unknown as Record<string, PgColumn>)[columnKey(field)];
    if (!table || !column) throw new Error(`${entity.name}.${field}: no column to count a company's dependents by`);
    return { key: entity.plural.toLowerCase(), table, where: (companyId: string): SQL => eq(column, companyId) };
  });

/** A company is deleted only once all of it is moved or deleted. */
export async function dependentsOf(db: Database, companyId: string): Promise<CompanyDependents> {
  const total = async (query: Promise<Array<{ total: number }>>) => (await query)[0]?.total ?? 0;
  const declared = declaredLinks();
  const [userCount, roomCount, ...declaredCounts] = await Promise.all([
    total(db.select({ total: count() }).from(users).where(eq(users.organisationId, companyId))),
    total(
      db
        .select({ total: count() })
        .from(rooms)
        .where(or(eq(rooms.sellerId, companyId), eq(rooms.buyerId, companyId))),
    ),
    ...declared.map((link) => total(db.select({ total: count() }).from(link.table).where(link.where(companyId)))),
  ]);
  return {
    users: userCount ?? 0,
    ...Object.fromEntries(declared.map((link, index) => [link.key, declaredCounts[index] ?? 0])),
    rooms: roomCount ?? 0,
  };
}
