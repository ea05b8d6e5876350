import { permit } from '../lib/permissions';
import { desc, eq, sql } from 'drizzle-orm';
import { countMatches } from '../lib/searchTotal';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { companies, creditEntries, type CreditEntryRow } from '../db/schema';
import { recordAudit } from '../lib/audit';
import { AppError, notFound } from '../lib/errors';
import { openCreditRequest } from '../lib/creditRequests';
import { appliesAtOnce } from '../lib/fourEyes';
import { adjustBalance, creditDifference, staysInRange } from '../lib/ledger';
import { answer, page } from '../lib/answers';
import { sessionOf } from '../lib/sessions';
import { findCompany, fullCompanyOf } from '../lib/companyRecord';
import { creditRequestAnswer } from '../../shared/contract/creditRequests';
import { idParams } from '../../shared/contract/envelope';
import { creditAdjustAnswer, creditAdjustBody, creditEntryPage, creditSearchBody, type CreditEntry } from '../../shared/contract/credits';

const toCreditEntryDto = (row: CreditEntryRow): CreditEntry => ({
  _id: row.id,
  amount: row.amount,
  balance_after: row.balanceAfter,
  reason: row.reason,
  admin_id: row.adminId,
  admin_name: row.adminName,
  approved_by: row.approvedById,
  approved_by_name: row.approvedByName,
  created_at: row.createdAt.toISOString(),
});

export async function creditRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app;
  const tags = ['Credits'];

  app.post(
    '/company/:id/credit',
    {
      ...permit('credit_entry', 'request'),
      schema: {
        tags,
        summary:
          "Adjust a company's balance, with a reason written to its ledger; when it would take what the admin moved alone within CREDIT_APPROVAL_WINDOW_HOURS past CREDIT_APPROVAL_THRESHOLD, or from a role that may only request, a pending request instead (202)",
        params: idParams,
        body: creditAdjustBody,
        response: { 200: creditAdjustAnswer, 202: creditRequestAnswer },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { amount, reason } = request.body;
      const { admin } = sessionOf(request);
      const outcome = await db.transaction(async (tx) => {
        // Judged and written in one transaction under the requester's lock: parallel calls are summed one after another.
        if (!(await appliesAtOnce(tx, request, amount))) {
          const company = await findCompany(tx, id);
          // Refused now rather than at the approval: it could never be applied.
          if (!staysInRange(company.creditBalance, amount)) throw new AppError(400, 'BALANCE_OUT_OF_RANGE');
          const asked = await openCreditRequest(tx, request, {
            companyId: id,
            amount,
            reason,
            admin: { id: admin.id, name: admin.name },
            ttlHours: config.creditRequestTtlHours,
          });
          return { pending: true as const, asked };
        }
        const updated = await adjustBalance(tx, { companyId: id, amount, reason, admin: { id: admin.id, name: admin.name } });
        // The balance before is the one this adjustment moved (read in its own locked update, not beforehand).
        const before = creditDifference(updated.creditBalance, amount);
        await recordAudit(tx, request, {
          action: 'credit_adjustment',
          entity: 'company',
          entityId: id,
          changes: { [`${config.product}_balance`]: [before, updated.creditBalance], reason: [null, reason] },
        });
        return { pending: false as const, row: updated };
      });
      if (outcome.pending) return reply.code(202).send(answer(outcome.asked));
      return answer(await fullCompanyOf(db, config.product, outcome.row));
    },
  );

  app.post(
    '/company/:id/credit/search',
    {
      ...permit('credit_entry', 'list'),
      schema: {
        tags,
        summary: "A company's ledger entries, newest first, a page at a time",
        params: idParams,
        body: creditSearchBody,
        response: { 200: creditEntryPage },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { offset, limit } = request.body;
      const [rows, counted] = await Promise.all([
        db
          .select()
          .from(creditEntries)
          .where(eq(creditEntries.companyId, id))
          .orderBy(desc(creditEntries.createdAt), desc(creditEntries.id))
          .limit(limit)
          .offset(offset),
        countMatches(
          db,
          db
            .select({ one: sql`1` })
            .from(creditEntries)
            .where(eq(creditEntries.companyId, id)),
          app.config.exactCountLimit,
        ),
      ]);
      // A deleted company's ledger stays readable; an id that never had a company or an entry is unknown.
      if (!counted.total) {
        const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, id)).limit(1);
        if (!company) throw notFound();
      }
      return page(rows.map(toCreditEntryDto), counted);
    },
  );
}
