import { count, eq, or } from 'drizzle-orm';
import type { Database } from '../db/client';
import { needs, offers, rooms, users } from '../db/schema';
import { AppError } from './errors';

export interface CompanyDependents {
  users: number;
  offers: number;
  needs: number;
  rooms: number;
}

/** The error handler sends `counts`: what still belongs to the company. */
export class CompanyNotEmptyError extends AppError {
  constructor(readonly counts: CompanyDependents) {
    super(409, 'COMPANY_NOT_EMPTY');
  }
}

/** A company is deleted only once all of it is moved or deleted. */
export async function dependentsOf(db: Database, companyId: string): Promise<CompanyDependents> {
  const total = async (query: Promise<Array<{ total: number }>>) => (await query)[0]?.total ?? 0;
  const [userCount, offerCount, needCount, roomCount] = await Promise.all([
    total(db.select({ total: count() }).from(users).where(eq(users.organisationId, companyId))),
    total(db.select({ total: count() }).from(offers).where(eq(offers.organisationId, companyId))),
    total(db.select({ total: count() }).from(needs).where(eq(needs.organisationId, companyId))),
    total(
      db
        .select({ total: count() })
        .from(rooms)
        .where(or(eq(rooms.sellerId, companyId), eq(rooms.buyerId, companyId))),
    ),
  ]);
  return { users: userCount, offers: offerCount, needs: needCount, rooms: roomCount };
}
