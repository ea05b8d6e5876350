import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { sensitivityOf } from '../../shared/catalogue/policy';
import { toCents } from '../../shared/contract/primitives';
import type { CreditAllowance } from '../../shared/contract/creditRequests';
import type { Database } from '../db/client';
import { creditEntries } from '../db/schema';
import { allowed } from './permissions';
import { sessionOf } from './sessions';

/**
 * Four eyes by sum (docs/roles.md): what an admin moved alone — ledger entries of theirs with no approver — within the
 * last CREDIT_APPROVAL_WINDOW_HOURS, by absolute amount, so that splitting a large move into small ones gains nothing.
 */
async function movedAlone(db: Database, adminId: string, windowHours: number): Promise<number> {
  const [row] = await db
    .select({ moved: sql<string | null>`sum(abs(${creditEntries.amount}))` })
    .from(creditEntries)
    .where(
      and(
        eq(creditEntries.adminId, adminId),
        isNull(creditEntries.approvedById),
        gt(creditEntries.createdAt, sql`now() - make_interval(hours => ${windowHours})`),
      ),
    );
  return toCents(Number(row?.moved ?? 0));
}

/**
 * Serializes the requester's judgements across servers until the transaction ends. Taken before any company row lock
 * (every caller does so), so that two of one admin's calls never wait for each other in opposite orders.
 */
export async function lockAllowance(tx: Database, adminId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`credit_allowance:${adminId}`}))`);
}

/** How much the signed-in admin may still move alone now; nothing for a role that may only request. */
export async function allowanceOf(db: Database, request: FastifyRequest): Promise<CreditAllowance> {
  const { creditApprovalThreshold: threshold, creditApprovalWindowHours: windowHours } = request.server.config;
  const moved = await movedAlone(db, sessionOf(request).admin.id, windowHours);
  const remaining = allowed(request, 'credit_entry', 'adjust') ? Math.max(0, toCents(threshold - moved)) : 0;
  return { threshold, window_hours: windowHours, moved, remaining };
}

/**
 * In the transaction that then writes the entry: whether `amount` applies at once (the requester may adjust and their
 * sum stays within the threshold, this one included) or must wait for a second admin. Locks the requester first.
 */
export async function appliesAtOnce(tx: Database, request: FastifyRequest, amount: number): Promise<boolean> {
  // The policy says which permissions move credits under four eyes: a route that moves them otherwise is a programming error.
  const { permission } = request.routeOptions.config;
  if (!permission || sensitivityOf(permission.resource, permission.action).fourEyes !== 'past_allowance')
    throw new Error(`${request.method} ${request.routeOptions.url} moves credits without four eyes in its policy (shared/catalogue/policy.ts)`);
  if (!allowed(request, 'credit_entry', 'adjust')) return false;
  await lockAllowance(tx, sessionOf(request).admin.id);
  const { remaining } = await allowanceOf(tx, request);
  return Math.abs(amount) <= remaining;
}
