import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams } from '../../shared/contract/envelope';
import {
  creditAllowanceAnswer,
  creditRequestAnswer,
  creditRequestPage,
  creditRequestRejectBody,
  creditRequestSearchBody,
} from '../../shared/contract/creditRequests';
import type { Database } from '../db/client';
import { creditRequests } from '../db/schema';
import { answer, page } from '../lib/answers';
import { recordAudit } from '../lib/audit';
import { allowanceOf } from '../lib/fourEyes';
import { creditRequestReads, lockCreditRequest, readCreditRequest, toCreditRequestDto, withStatus } from '../lib/creditRequests';
import { AppError } from '../lib/errors';
import { adjustBalance, creditDifference } from '../lib/ledger';
import { permit } from '../lib/permissions';
import { countMatches } from '../lib/searchTotal';
import { sessionOf } from '../lib/sessions';

/** Four eyes on credits (decisions.md): the requests that wait for a second admin, and their decisions. */
export async function creditRequestRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app;
  const tags = ['Credits'];

  app.post(
    '/credit_request/search',
    {
      ...permit('credit_request', 'list'),
      schema: {
        tags,
        summary: 'Search credit requests (pending past their expiry read as expired), by status, company or requester, newest first, a page at a time',
        body: creditRequestSearchBody,
        response: { 200: creditRequestPage },
      },
    },
    async (request) => {
      const { status, company_id, requested_by, offset, limit } = request.body;
      const conditions: SQL[] = [];
      if (status) conditions.push(withStatus(status));
      if (company_id) conditions.push(eq(creditRequests.companyId, company_id));
      if (requested_by) conditions.push(eq(creditRequests.requestedById, requested_by));
      const where = conditions.length ? and(...conditions) : undefined;
      const [reads, total] = await Promise.all([
        creditRequestReads(db).where(where).orderBy(desc(creditRequests.createdAt), desc(creditRequests.id)).limit(limit).offset(offset),
        countMatches(
          db,
          db
            .select({ one: sql`1` })
            .from(creditRequests)
            .where(where),
          config.exactCountLimit,
        ),
      ]);
      return page(reads.map(toCreditRequestDto), total);
    },
  );

  app.get(
    '/credit_request/allowance',
    {
      ...permit('credit_entry', 'list'),
      schema: {
        tags,
        summary:
          'How much the signed-in admin may still move alone now: CREDIT_APPROVAL_THRESHOLD less what they moved without approval in the last CREDIT_APPROVAL_WINDOW_HOURS (0 for a role that may only request)',
        response: { 200: creditAllowanceAnswer },
      },
    },
    async (request) => answer(await allowanceOf(db, request)),
  );

  /** The request locked until the decision commits: of two concurrent decisions, the second finds it decided. */
  async function lockPending(tx: Database, id: string) {
    const locked = await lockCreditRequest(tx, id);
    if (locked.status !== 'pending') throw new AppError(409, 'ALREADY_DECIDED');
    return locked.request;
  }

  const decided = (request: FastifyRequest) => {
    const { admin } = sessionOf(request);
    return { decidedById: admin.id, decidedByName: admin.name, decidedAt: sql`now()` };
  };

  app.post(
    '/credit_request/:id/approve',
    {
      ...permit('credit_request', 'approve'),
      schema: {
        tags,
        summary: 'Approve a pending credit request: its ledger entry is written and the balance moves, in the same transaction',
        params: idParams,
        response: { 200: creditRequestAnswer },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { admin } = sessionOf(request);
      const approved = await db.transaction(async (tx) => {
        const pending = await lockPending(tx, id);
        if (pending.requestedById === admin.id) throw new AppError(403, 'SELF_APPROVAL');
        // Bounds checked again now: the balance may have moved since the request.
        const company = await adjustBalance(tx, {
          companyId: pending.companyId,
          amount: pending.amount,
          reason: pending.reason,
          admin: { id: pending.requestedById, name: pending.requestedByName },
          approvedBy: { id: admin.id, name: admin.name },
        }).catch((error: unknown) => {
          // The company was deleted since: nothing to credit, and the request stays for a rejection or its expiry.
          throw error instanceof AppError && error.code === 'NOT_FOUND' ? new AppError(409, 'REFERENCE_GONE') : error;
        });
        await tx
          .update(creditRequests)
          .set({ status: 'approved', ...decided(request) })
          .where(eq(creditRequests.id, id));
        await recordAudit(tx, request, {
          action: 'credit_approval',
          entity: 'company',
          entityId: pending.companyId,
          changes: {
            credit_request: [null, id],
            status: ['pending', 'approved'],
            [`${config.product}_balance`]: [creditDifference(company.creditBalance, pending.amount), company.creditBalance],
            reason: [null, pending.reason],
          },
        });
        return readCreditRequest(tx, id);
      });
      return answer(approved);
    },
  );

  app.post(
    '/credit_request/:id/reject',
    {
      ...permit('credit_request', 'approve'),
      schema: {
        tags,
        summary: 'Reject a pending credit request, with a reason; nothing moves',
        params: idParams,
        body: creditRequestRejectBody,
        response: { 200: creditRequestAnswer },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { reason } = request.body;
      const rejected = await db.transaction(async (tx) => {
        // The requester may reject (withdraw) their own request: a rejection moves nothing, so it needs no second pair of eyes.
        const pending = await lockPending(tx, id);
        await tx
          .update(creditRequests)
          .set({ status: 'rejected', decisionReason: reason, ...decided(request) })
          .where(eq(creditRequests.id, id));
        await recordAudit(tx, request, {
          action: 'credit_rejection',
          entity: 'company',
          entityId: pending.companyId,
          changes: { credit_request: [null, id], status: ['pending', 'rejected'], decision_reason: [null, reason] },
        });
        return readCreditRequest(tx, id);
      });
      return answer(rejected);
    },
  );
}
