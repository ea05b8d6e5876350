import { toCents } from '../../shared/contract/primitives';
import { eq, sql } from 'drizzle-orm';
import { CREDIT_LIMIT } from '../../shared/catalogue/audit';
import type { Database } from '../db/client';
import { companies, creditEntries, type CompanyRow } from '../db/schema';
import { AppError, notFound } from './errors';
import { newId } from './ids';

/** To the cent: a float subtraction may leave a tail. */
export const creditDifference = (after: number, before: number): number => toCents(after - before);

/** Whether `balance + amount` stays in range, as adjustBalance's own check says. */
export const staysInRange = (balance: number, amount: number): boolean => Math.abs(toCents(balance + amount)) < CREDIT_LIMIT;

export interface CreditAdjustment {
  companyId: string;
  amount: number;
  reason: string;
  /** Who asked for it; for an approved credit request, its requester. */
  admin: { id: string; name: string } | null;
  /** The second admin of a credit request (four eyes); none for an adjustment applied at once. */
  approvedBy?: { id: string; name: string };
}

/**
 * In the caller's transaction. One atomic UPDATE (`balance + amount`, which locks the row), so concurrent adjustments
 * never lose one another; a balance that would leave the range is refused.
 */
export async function adjustBalance(tx: Database, adjustment: CreditAdjustment): Promise<CompanyRow> {
  const [row] = await tx
    .update(companies)
    .set({ creditBalance: sql`${companies.creditBalance} + ${adjustment.amount}` })
    .where(sql`${companies.id} = ${adjustment.companyId} AND abs(round(${companies.creditBalance} + ${adjustment.amount}, 2)) < ${CREDIT_LIMIT}`)
    .returning();
  if (!row) {
    const [exists] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, adjustment.companyId)).limit(1);
    throw exists ? new AppError(400, 'BALANCE_OUT_OF_RANGE') : notFound();
  }
  await tx.insert(creditEntries).values({
    id: newId(),
    companyId: adjustment.companyId,
    amount: adjustment.amount,
    balanceAfter: row.creditBalance,
    reason: adjustment.reason,
    adminId: adjustment.admin?.id ?? null,
    adminName: adjustment.admin?.name ?? null,
    approvedById: adjustment.approvedBy?.id ?? null,
    approvedByName: adjustment.approvedBy?.name ?? null,
  });
  return row;
}
