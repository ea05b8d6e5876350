import { eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { CreditRequestStatus } from '../../shared/catalogue/creditRequests';
import type { CreditRequest } from '../../shared/contract/creditRequests';
import type { Database } from '../db/client';
import { companies, creditRequests, type CreditRequestRow } from '../db/schema';
import { recordAudit, recordUnattendedAudit } from './audit';
import { notFound } from './errors';
import { newId } from './ids';

/** Pending past its expiry: expired everywhere at once, before the housekeeping marks it so. */
const lapsed = sql`(${creditRequests.status} = 'pending' and ${creditRequests.expiresAt} <= now())`;
const effectiveStatus = sql<CreditRequestStatus>`case when ${lapsed} then 'expired' else ${creditRequests.status} end`;

/** A search's status filter, as reads show it; `pending` and `approved`/`rejected` read the status index. */
export function withStatus(status: CreditRequestStatus): SQL {
  if (status === 'pending') return sql`(${creditRequests.status} = 'pending' and ${creditRequests.expiresAt} > now())`;
  if (status === 'expired') return sql`(${creditRequests.status} = 'expired' or ${lapsed})`;
  return eq(creditRequests.status, status);
}

/** Locks the request's row until the caller's transaction ends, so that of two decisions the second sees the first. */
export async function lockCreditRequest(tx: Database, id: string): Promise<{ request: CreditRequestRow; status: CreditRequestStatus }> {
  const [locked] = await tx.select({ request: creditRequests, status: effectiveStatus }).from(creditRequests).where(eq(creditRequests.id, id)).for('update');
  if (!locked) throw notFound();
  return locked;
}

interface CreditRequestRead {
  request: CreditRequestRow;
  status: CreditRequestStatus;
  companyName: string | null;
}

/** Requests with their status as it is now and their company's name (null once the company is gone). */
export const creditRequestReads = (db: Database) =>
  db
    .select({ request: creditRequests, status: effectiveStatus, companyName: companies.name })
    .from(creditRequests)
    .leftJoin(companies, eq(companies.id, creditRequests.companyId));

export const toCreditRequestDto = ({ request, status, companyName }: CreditRequestRead): CreditRequest => ({
  _id: request.id,
  company_id: request.companyId,
  company_name: companyName,
  amount: request.amount,
  reason: request.reason,
  status,
  requested_by: request.requestedById,
  requested_by_name: request.requestedByName,
  created_at: request.createdAt.toISOString(),
  expires_at: request.expiresAt.toISOString(),
  decided_by: request.decidedById,
  decided_by_name: request.decidedByName,
  decided_at: request.decidedAt?.toISOString() ?? null,
  decision_reason: request.decisionReason,
});

export async function readCreditRequest(db: Database, id: string): Promise<CreditRequest> {
  const [read] = await creditRequestReads(db).where(eq(creditRequests.id, id)).limit(1);
  if (!read) throw notFound();
  return toCreditRequestDto(read);
}

export interface NewCreditRequest {
  companyId: string;
  amount: number;
  reason: string;
  admin: { id: string; name: string };
  ttlHours: number;
}

/** In the caller's transaction, with its audit event; the balance and the ledger do not move. */
export async function openCreditRequest(tx: Database, request: FastifyRequest, asked: NewCreditRequest): Promise<CreditRequest> {
  const id = newId();
  await tx.insert(creditRequests).values({
    id,
    companyId: asked.companyId,
    amount: asked.amount,
    reason: asked.reason,
    requestedById: asked.admin.id,
    requestedByName: asked.admin.name,
    expiresAt: sql`now() + make_interval(hours => ${asked.ttlHours})`,
  });
  await recordAudit(tx, request, {
    action: 'credit_request',
    entity: 'company',
    entityId: asked.companyId,
    changes: { credit_request: [null, id], amount: [null, asked.amount], reason: [null, asked.reason], status: [null, 'pending'] },
  });
  return readCreditRequest(tx, id);
}

/**
 * Housekeeping: marks the requests past their expiry `expired`, one audit event each. Any process may run it at
 * any time: a request another process marked first (or decided) is no longer pending here, so it is counted once.
 */
export async function expireCreditRequests(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(creditRequests)
      .set({ status: 'expired' })
      .where(lapsed)
      .returning({ id: creditRequests.id, companyId: creditRequests.companyId });
    for (const row of expired) {
      await recordUnattendedAudit(tx, {
        action: 'credit_request_expiry',
        entity: 'company',
        entityId: row.companyId,
        changes: { credit_request: [null, row.id], status: ['pending', 'expired'] },
      });
    }
    return expired.length;
  });
}
