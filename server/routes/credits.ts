import { count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PAGE_SIZE } from '../../shared/catalogue/pagination';
import { companies, creditEntries, type CreditEntryRow } from '../db/schema';
import { recordAudit } from '../lib/audit';
import { notFound } from '../lib/errors';
import { adjustBalance, creditDifference } from '../lib/ledger';
import { parseInput } from '../lib/validation';
import { sessionOf } from '../lib/sessions';
import { fullCompanyOf } from '../lib/companyRecord';
import { creditAmountSchema, idSchema, offsetSchema } from '../../shared/contract/primitives';

const idParams = z.object({ id: idSchema });
const adjustBody = z.object({
  amount: creditAmountSchema.refine((value) => value !== 0, 'must not be zero'),
  reason: z.string().trim().min(1).max(500),
});
const searchBody = z.object({ offset: offsetSchema });

const toCreditEntryDto = (row: CreditEntryRow) => ({
  _id: row.id,
  amount: row.amount,
  balance_after: row.balanceAfter,
  reason: row.reason,
  admin_id: row.adminId,
  admin_name: row.adminName,
  created_at: row.createdAt.toISOString(),
});

/** The credit ledger of a company: adjust its balance (with a reason), and read its entries. */
export async function creditRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app;

  app.post('/company/:id/credit', async (request) => {
    const { id } = parseInput(idParams, request.params);
    const { amount, reason } = parseInput(adjustBody, request.body);
    const { admin } = sessionOf(request);
    const row = await db.transaction(async (tx) => {
      const updated = await adjustBalance(tx, { companyId: id, amount, reason, admin: { id: admin.id, name: admin.name } });
      // The balance before is the one this adjustment moved (read in its own locked update, not beforehand).
      const before = creditDifference(updated.creditBalance, amount);
      await recordAudit(tx, request, {
        action: 'credit_adjustment',
        entity: 'company',
        entityId: id,
        changes: { [`${config.product}_balance`]: [before, updated.creditBalance], reason: [null, reason] },
      });
      return updated;
    });
    return { ok: true, data: await fullCompanyOf(db, config.product, row) };
  });

  app.post('/company/:id/credit/search', async (request) => {
    const { id } = parseInput(idParams, request.params);
    const { offset } = parseInput(searchBody, request.body);
    const [rows, [counted]] = await Promise.all([
      db
        .select()
        .from(creditEntries)
        .where(eq(creditEntries.companyId, id))
        .orderBy(desc(creditEntries.createdAt), desc(creditEntries.id))
        .limit(PAGE_SIZE)
        .offset(offset),
      db.select({ total: count() }).from(creditEntries).where(eq(creditEntries.companyId, id)),
    ]);
    // A deleted company's ledger stays readable; an id that never had a company or an entry is unknown.
    if (!counted?.total) {
      const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, id)).limit(1);
      if (!company) throw notFound();
    }
    return { ok: true, data: rows.map(toCreditEntryDto), total: counted?.total ?? 0 };
  });
}
