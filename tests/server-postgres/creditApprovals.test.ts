import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../shared/catalogue/permissions';
import { auditEvents, companies, creditEntries, creditRequests } from '../../server/db/schema';
import { insertCompany } from '../helpers/serverFixtures';
import { useListeningServers } from '../helpers/instancesOverOneDatabase';
import { insertAdmin, signIn } from '../helpers/testServer';

// Runs in the PostgreSQL pass only (vitest.config.ts includes this folder when DATABASE_URL is set).
/**
 * Two servers over one PostgreSQL database, each with its own pool, as two processes behind a load balancer: decisions
 * on one credit request sent to both at once, over HTTP, really run side by side; the request's row lock lets one win.
 */
const { servers, bases } = useListeningServers(2);

const first = () => servers[0] as FastifyInstance;

/** A signed-in admin whose calls go to server `at`. */
async function adminOf(role: Role, at: number) {
  const { id, email } = await insertAdmin(first(), { role, name: `${role} ${at}` });
  const { token } = await signIn(first(), email);
  const post = async (path: string, body: object = {}) => {
    const response = await fetch(`${bases[at]}/api${path}`, {
      method: 'POST',
      headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as { ok: boolean; code?: string; data?: { _id: string; status: string } } };
  };
  const send = async (method: 'PUT' | 'DELETE', path: string, body?: object) => {
    const response = await fetch(`${bases[at]}/api${path}`, {
      method,
      headers: { authorization: `JWT ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: (await response.json()) as { ok: boolean; code?: string } };
  };
  return { id, post, send, authorization: `JWT ${token}` };
}

/** Round-robin over a non-empty list. */
const nth = <T>(list: T[], index: number) => list[index % list.length] as T;
const entriesOf = (companyId: string) => first().db.select().from(creditEntries).where(eq(creditEntries.companyId, companyId));

describe('credit approvals on two servers over one PostgreSQL', () => {
  it('lets exactly one of ten approvals sent to both servers at once win, for each of five requests', async () => {
    const operations = await adminOf('operations', 0);
    const approvers = [await adminOf('finance', 0), await adminOf('finance', 1), await adminOf('owner', 0), await adminOf('owner', 1)];
    const company = await insertCompany(first());
    const ids: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      const asked = await operations.post(`/company/${company.id}/credit`, { amount: 2000, reason: `Request ${index}` });
      expect(asked.status).toBe(202);
      ids.push(asked.body.data?._id ?? '');
    }
    // All fifty at once: each request's ten approvals come through both servers and four admins.
    const answers = await Promise.all(
      ids.flatMap((id) =>
        Array.from({ length: 10 }, (_, index) =>
          nth(approvers, index)
            .post(`/credit_request/${id}/approve`)
            .then((answer) => ({ id, ...answer })),
        ),
      ),
    );
    for (const id of ids) {
      const ofThis = answers.filter((answer) => answer.id === id);
      expect(ofThis.map((answer) => answer.status).sort(), id).toEqual([200, ...Array<number>(9).fill(409)]);
      expect(ofThis.filter((answer) => answer.status === 409).every((answer) => answer.body.code === 'ALREADY_DECIDED')).toBe(true);
    }
    const [row] = await first().db.select({ balance: companies.creditBalance }).from(companies).where(eq(companies.id, company.id));
    expect(row?.balance).toBe(10_000);
    const entries = await entriesOf(company.id);
    expect(entries).toHaveLength(5);
    expect(entries.every((entry) => entry.adminId === operations.id && approvers.some((approver) => approver.id === entry.approvedById))).toBe(true);
    expect(await first().db.select().from(auditEvents).where(eq(auditEvents.action, 'credit_approval'))).toHaveLength(5);
  });

  it('lets one decision win when approvals and rejections race, and the ledger follows the winner', async () => {
    const operations = await adminOf('operations', 1);
    const deciders = [await adminOf('finance', 0), await adminOf('finance', 1)];
    const company = await insertCompany(first());
    const asked = await operations.post(`/company/${company.id}/credit`, { amount: 3000, reason: 'Race' });
    const id = asked.body.data?._id ?? '';
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) => {
        const decider = nth(deciders, index);
        return index % 4 < 2 ? decider.post(`/credit_request/${id}/approve`) : decider.post(`/credit_request/${id}/reject`, { reason: 'Non' });
      }),
    );
    const winners = answers.filter((answer) => answer.status === 200);
    expect(winners).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(9);
    const [stored] = await first().db.select().from(creditRequests).where(eq(creditRequests.id, id));
    expect(stored?.status).toBe(winners[0]?.body.data?.status);
    expect(await entriesOf(company.id)).toHaveLength(stored?.status === 'approved' ? 1 : 0);
  });

  it('judges one admin’s parallel adjustments one after another: of ten of 200 sent to both servers, five apply, five wait', async () => {
    const finance = await adminOf('finance', 0);
    const company = await insertCompany(first());
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) => {
        const at = index % 2;
        return fetch(`${bases[at]}/api/company/${company.id}/credit`, {
          method: 'POST',
          headers: { authorization: finance.authorization, 'content-type': 'application/json' },
          body: JSON.stringify({ amount: 200, reason: `Split ${index}` }),
        }).then((response) => response.status);
      }),
    );
    expect(answers.sort()).toEqual([...Array<number>(5).fill(200), ...Array<number>(5).fill(202)]);
    const [row] = await first().db.select({ balance: companies.creditBalance }).from(companies).where(eq(companies.id, company.id));
    expect(row?.balance).toBe(1000);
    expect(await entriesOf(company.id)).toHaveLength(5);
    expect(await first().db.select().from(creditRequests).where(eq(creditRequests.companyId, company.id))).toHaveLength(5);
  });

  it('keeps the sum across adjustments, form moves and deletions racing on both servers, without a deadlock or a 500', async () => {
    const owner = await adminOf('owner', 1);
    const targets = await Promise.all(Array.from({ length: 4 }, () => insertCompany(first())));
    const funded = await Promise.all(Array.from({ length: 4 }, () => insertCompany(first(), { creditBalance: 150 })));
    const calls = targets.flatMap((company, index) => [
      owner.post(`/company/${company.id}/credit`, { amount: 150, reason: 'Race' }),
      owner.send('PUT', `/company/${company.id}`, { credit_balance: -150, version: company.version }),
      owner.send('DELETE', `/company/${(funded[index] ?? company).id}`),
    ]);
    const statuses = (await Promise.all(calls)).map((answer) => answer.status);
    expect(
      statuses.every((status) => [200, 202, 409].includes(status)),
      statuses.join(),
    ).toBe(true);
    const [moved] = await first()
      .db.select({ total: sql<string>`coalesce(sum(abs(${creditEntries.amount})), 0)` })
      .from(creditEntries)
      .where(eq(creditEntries.adminId, owner.id));
    expect(Number(moved?.total)).toBeLessThanOrEqual(1000);
    expect(Number(moved?.total)).toBeGreaterThan(0);
  });
});
