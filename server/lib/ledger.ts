import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { CREDIT_DECIMALS, CREDIT_LIMIT } from '../../src/catalogue/audit';
import type { Database } from '../db/client';
import { companies, creditEntries, type CompanyRow } from '../db/schema';
import { AppError, notFound } from './errors';
import { newId } from './ids';

/** The value rounded to the cent, as the nearest double (what a JSON number with two decimals parses to). */
const toCents = (value: number): number => Number(value.toFixed(CREDIT_DECIMALS));

/**
 * A credit amount or balance: at most two decimals, below 10^12 in absolute value. A JSON number
 * with two decimals is exactly its own rounding to the cent; anything finer (1e-9) is not.
 */
export const creditAmountSchema = z
  .number()
  .refine((value) => Number.isFinite(value) && Math.abs(value) < CREDIT_LIMIT, `below ${CREDIT_LIMIT} in absolute value`)
  .refine((value) => toCents(value) === value, `at most ${CREDIT_DECIMALS} decimals`);

/** The difference of two balances, to the cent (a float subtraction may leave a tail). */
export const creditDifference = (after: number, before: number): number => toCents(after - before);

export interface CreditAdjustment {
  companyId: string;
  amount: number;
  reason: string;
  admin: { id: string; name: string } | null;
}

/**
 * Moves a company's balance by `amount` and writes the ledger entry, in the caller's transaction.
 * The balance is changed by one atomic UPDATE (`balance + amount`, which locks the row), so that
 * concurrent adjustments never lose one another; a balance that would leave the range is refused.
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
  });
  return row;
}
