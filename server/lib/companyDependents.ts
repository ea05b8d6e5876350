import { count, eq, or } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rooms, users } from '../db/schema';
import { CountedRefusal } from './errors';
import { linkedCounts, refusingLinksOf } from './refusingLinks';

/** What still belongs to a company, by kind (`users`, each declared entity's plural: `offers`, `needs`; `rooms`). */
export type CompanyDependents = Record<string, number>;

/** The error handler sends `counts`: what still belongs to the company. */
export class CompanyNotEmptyError extends CountedRefusal {
  constructor(counts: CompanyDependents) {
    super('COMPANY_NOT_EMPTY', counts);
  }
}

/** A company is deleted only once all of it is moved or deleted: its users, rooms, and what links to it declared `refuse`. */
export async function dependentsOf(db: Database, companyId: string): Promise<CompanyDependents> {
  const total = async (query: Promise<Array<{ total: number }>>) => (await query)[0]?.total ?? 0;
  const [userCount, roomCount, declared] = await Promise.all([
    total(db.select({ total: count() }).from(users).where(eq(users.organisationId, companyId))),
    total(
      db
        .select({ total: count() })
        .from(rooms)
        .where(or(eq(rooms.sellerId, companyId), eq(rooms.buyerId, companyId))),
    ),
    linkedCounts(db, refusingLinksOf('company'), companyId),
  ]);
  return { users: userCount, ...declared, rooms: roomCount };
}
