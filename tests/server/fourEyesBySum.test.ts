import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../shared/catalogue/permissions';
import { auditEvents, companies, creditEntries, creditRequests, sessions } from '../../server/db/schema';
import { hashToken, newId } from '../../server/lib/ids';
import { insertCompany } from '../helpers/serverFixtures';
import { signedInAdmin, useSignedInServer, type SignedInAdmin } from '../helpers/testServer';

// Four eyes by sum (issue 37): the threshold is the default, 1 000, summed over the default window, 24 hours.
const ctx = useSignedInServer();
const app = () => ctx.server.app;
const db = () => app().db;

/** A fresh admin of `role`: each test starts from an admin who moved nothing yet. */
const adminOf = (role: Role) => signedInAdmin(app(), role);

const credit = (as: SignedInAdmin, companyId: string, amount: number) => as.call('POST', `/company/${companyId}/credit`, { amount, reason: 'Top-up' });
const statusesOf = async (as: SignedInAdmin, companyId: string, amounts: number[]) => {
  const statuses: number[] = [];
  for (const amount of amounts) statuses.push((await credit(as, companyId, amount)).statusCode);
  return statuses;
};
const putBalance = async (as: SignedInAdmin, companyId: string, balance: number) => {
  const { version } = (await as.call('GET', `/company/${companyId}`)).json().data;
  return as.call('PUT', `/company/${companyId}`, { credit_balance: balance, version });
};
const remove = (as: SignedInAdmin, companyId: string) => as.call('DELETE', `/company/${companyId}`);
const allowance = async (as: SignedInAdmin) => {
  const answer = await as.call('GET', '/credit_request/allowance');
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data;
};
const refusal = (answer: LightMyRequestResponse) => ({ status: answer.statusCode, body: answer.json() });
const APPROVAL_REQUIRED = { status: 409, body: { ok: false, code: 'APPROVAL_REQUIRED' } };

const companyRow = async (companyId: string) => (await db().select().from(companies).where(eq(companies.id, companyId)))[0];
const entriesOf = (companyId: string) => db().select().from(creditEntries).where(eq(creditEntries.companyId, companyId));
const requestsOf = (companyId: string) => db().select().from(creditRequests).where(eq(creditRequests.companyId, companyId));
const eventsOf = (companyId: string) => db().select().from(auditEvents).where(eq(auditEvents.entityId, companyId));

/** Moves the admin's ledger entries `hours` into the past, as time passing would. */
const age = (adminId: string, hours: number) =>
  db()
    .update(creditEntries)
    .set({ createdAt: sql`${creditEntries.createdAt} - make_interval(hours => ${hours})` })
    .where(eq(creditEntries.adminId, adminId));

describe('POST /company/{id}/credit: the sum an admin moves alone', () => {
  it('makes the second of two 600s by one admin a pending request (202), the balance moved by the first only', async () => {
    const finance = await adminOf('finance');
    const company = await insertCompany(app());
    expect(await statusesOf(finance, company.id, [600, 600])).toEqual([200, 202]);
    expect((await companyRow(company.id))?.creditBalance).toBe(600);
    expect((await requestsOf(company.id)).map((request) => [request.amount, request.status])).toEqual([[600, 'pending']]);
  });

  it('sums by absolute amount: a −600 after a +600 waits (202), though the balance would be back to zero', async () => {
    const owner = await adminOf('owner');
    const company = await insertCompany(app());
    expect(await statusesOf(owner, company.id, [600, -600])).toEqual([200, 202]);
    expect((await entriesOf(company.id)).map((entry) => entry.amount)).toEqual([600]);
  });

  it('applies up to the threshold exactly, this adjustment included, then waits even for 0.01', async () => {
    const finance = await adminOf('finance');
    const company = await insertCompany(app());
    expect(await statusesOf(finance, company.id, [400, -350.5, 249.5, 0.01])).toEqual([200, 200, 200, 202]);
  });

  it('counts each admin apart: two admins of 600 each both apply', async () => {
    const [finance, owner] = [await adminOf('finance'), await adminOf('owner')];
    const company = await insertCompany(app());
    expect((await credit(finance, company.id, 600)).statusCode).toBe(200);
    expect((await credit(owner, company.id, 600)).statusCode).toBe(200);
    expect((await companyRow(company.id))?.creditBalance).toBe(1200);
  });

  it('applies again once the window has passed', async () => {
    const finance = await adminOf('finance');
    const company = await insertCompany(app());
    expect(await statusesOf(finance, company.id, [900, 600])).toEqual([200, 202]);
    await age(finance.id, 23);
    expect((await credit(finance, company.id, 600)).statusCode).toBe(202);
    await age(finance.id, 2);
    expect((await credit(finance, company.id, 600)).statusCode).toBe(200);
    expect((await companyRow(company.id))?.creditBalance).toBe(1500);
  });

  it('does not count what a second admin approved, for the requester or for the approver', async () => {
    const [finance, approver] = [await adminOf('finance'), await adminOf('finance')];
    const company = await insertCompany(app());
    const asked = await credit(finance, company.id, 5000);
    expect(asked.statusCode).toBe(202);
    expect((await approver.call('POST', `/credit_request/${asked.json().data._id}/approve`)).statusCode).toBe(200);
    expect(await statusesOf(finance, company.id, [1000])).toEqual([200]);
    expect(await statusesOf(approver, company.id, [1000])).toEqual([200]);
  });

  it('leaves operations asking for everything: their requests count for nothing', async () => {
    const operations = await adminOf('operations');
    const company = await insertCompany(app());
    expect(await statusesOf(operations, company.id, [1, 1])).toEqual([202, 202]);
    expect(await allowance(operations)).toMatchObject({ moved: 0, remaining: 0 });
  });
});

describe('PUT /company/{id}: balance moves count in the same sum', () => {
  it('refuses a move once the sum would pass the threshold (409 APPROVAL_REQUIRED), nothing changed', async () => {
    const finance = await adminOf('finance');
    const company = await insertCompany(app());
    expect((await putBalance(finance, company.id, 600)).statusCode).toBe(200);
    const before = await companyRow(company.id);
    expect(refusal(await putBalance(finance, company.id, 0))).toEqual(APPROVAL_REQUIRED);
    expect(await companyRow(company.id)).toEqual(before);
    expect((await entriesOf(company.id)).map((entry) => entry.amount)).toEqual([600]);
    // And the form's move counts for the adjustments after it.
    expect((await credit(finance, company.id, 600)).statusCode).toBe(202);
    expect((await credit(finance, company.id, 400)).statusCode).toBe(200);
  });

  it('counts adjustments before a form move', async () => {
    const owner = await adminOf('owner');
    const company = await insertCompany(app());
    expect((await credit(owner, company.id, 700)).statusCode).toBe(200);
    expect(refusal(await putBalance(owner, company.id, 1000.01))).toEqual(APPROVAL_REQUIRED);
    expect((await putBalance(owner, company.id, 1000)).json()).toMatchObject({ ok: true, data: { credit_balance: 1000 } });
  });
});

describe('deleting a company with a balance', () => {
  it('is refused above the threshold (409 APPROVAL_REQUIRED), nothing changed', async () => {
    const owner = await adminOf('owner');
    const company = await insertCompany(app(), { name: 'Riche', creditBalance: 5000 });
    expect(refusal(await remove(owner, company.id))).toEqual(APPROVAL_REQUIRED);
    expect(await companyRow(company.id)).toMatchObject({ name: 'Riche', creditBalance: 5000, version: company.version });
    expect(await entriesOf(company.id)).toEqual([]);
    expect(await eventsOf(company.id)).toEqual([]);
    expect((await allowance(owner)).moved).toBe(0);
    // Brought to zero through an approved request, it goes.
    const asked = await credit(owner, company.id, -5000);
    expect(asked.statusCode).toBe(202);
    expect((await (await adminOf('finance')).call('POST', `/credit_request/${asked.json().data._id}/approve`)).statusCode).toBe(200);
    expect((await remove(owner, company.id)).statusCode).toBe(200);
  });

  it('counts a small balance closed by the deletion in the sum, and refuses one that would pass it', async () => {
    const owner = await adminOf('owner');
    const small = await insertCompany(app(), { creditBalance: -400 });
    expect((await remove(owner, small.id)).statusCode).toBe(200);
    expect((await entriesOf(small.id)).map((entry) => [entry.amount, entry.adminId, entry.approvedById])).toEqual([[400, owner.id, null]]);
    expect(await allowance(owner)).toMatchObject({ moved: 400, remaining: 600 });
    const another = await insertCompany(app(), { creditBalance: 601 });
    expect(refusal(await remove(owner, another.id))).toEqual(APPROVAL_REQUIRED);
    expect((await companyRow(another.id))?.creditBalance).toBe(601);
    expect(await statusesOf(owner, another.id, [600.01, 600])).toEqual([202, 200]);
  });

  it('sums across a bulk deletion: each company past the sum is refused and reported, the others deleted', async () => {
    const owner = await adminOf('owner');
    const [first, second, empty] = [
      await insertCompany(app(), { creditBalance: 600 }),
      await insertCompany(app(), { creditBalance: 600 }),
      await insertCompany(app()),
    ];
    const answer = await owner.call('POST', '/company/bulk_delete', { ids: [first.id, second.id, empty.id] });
    expect(answer.json()).toEqual({
      ok: true,
      results: [
        { id: first.id, ok: true },
        { id: second.id, ok: false, code: 'APPROVAL_REQUIRED' },
        { id: empty.id, ok: true },
      ],
    });
    expect(await companyRow(second.id)).toMatchObject({ creditBalance: 600 });
    expect(await entriesOf(second.id)).toEqual([]);
  });

  it('needs a fresh proof when the company holds a balance (401 REAUTH_REQUIRED, nothing changed), not when it holds none', async () => {
    const owner = await adminOf('owner');
    await db()
      .update(sessions)
      .set({ authenticatedAt: sql`now() - interval '1 day'` })
      .where(eq(sessions.tokenHash, hashToken(owner.token)));
    const funded = await insertCompany(app(), { creditBalance: 10 });
    expect(refusal(await remove(owner, funded.id))).toEqual({ status: 401, body: { ok: false, code: 'REAUTH_REQUIRED' } });
    expect((await companyRow(funded.id))?.creditBalance).toBe(10);
    expect(await entriesOf(funded.id)).toEqual([]);
    const empty = await insertCompany(app());
    expect((await remove(owner, empty.id)).statusCode).toBe(200);
  });
});

describe('GET /credit_request/allowance', () => {
  it('answers how much the signed-in admin may still move alone, by absolute amount within the window', async () => {
    const finance = await adminOf('finance');
    expect(await allowance(finance)).toEqual({ threshold: 1000, window_hours: 24, moved: 0, remaining: 1000 });
    const company = await insertCompany(app());
    await statusesOf(finance, company.id, [300, -200.25]);
    expect(await allowance(finance)).toEqual({ threshold: 1000, window_hours: 24, moved: 500.25, remaining: 499.75 });
    await age(finance.id, 25);
    expect(await allowance(finance)).toMatchObject({ moved: 0, remaining: 1000 });
  });

  it('floors the remaining amount at 0', async () => {
    const owner = await adminOf('owner');
    const company = await insertCompany(app());
    // Moved under a higher threshold since lowered, say.
    await db()
      .insert(creditEntries)
      .values({ id: newId(), companyId: company.id, amount: 1500, balanceAfter: 1500, reason: 'Earlier', adminId: owner.id, adminName: 'Signed In' });
    expect(await allowance(owner)).toMatchObject({ moved: 1500, remaining: 0 });
  });

  it('answers 0 remaining to a role that may only request, and is readable by every role', async () => {
    for (const role of ['operations', 'support'] as const)
      expect(await allowance(await adminOf(role)), role).toEqual({ threshold: 1000, window_hours: 24, moved: 0, remaining: 0 });
    expect((await app().inject({ method: 'GET', url: '/api/credit_request/allowance' })).statusCode).toBe(401);
  });

  it('is declared in the published document', async () => {
    const document = (await app().inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(document.paths['/api/credit_request/allowance']?.get?.responses['200']).toBeDefined();
    expect(document.components.schemas.CreditAllowance).toBeDefined();
    const refusalName = document.paths['/api/company/{id}']?.delete?.responses['409']?.$ref?.replace('#/components/responses/', '') ?? '';
    expect(document.components.responses[refusalName]?.content['application/json']?.schema.properties.code.enum).toContain('APPROVAL_REQUIRED');
  });
});

describe('the ledger entries that count', () => {
  it('are the admin’s own with no approver, within the window', async () => {
    const finance = await adminOf('finance');
    const company = await insertCompany(app());
    const entry = (amount: number, values: Partial<typeof creditEntries.$inferInsert>) => ({
      id: newId(),
      companyId: company.id,
      amount,
      balanceAfter: 0,
      reason: 'Seeded',
      adminId: finance.id,
      adminName: 'Signed In',
      ...values,
    });
    await db()
      .insert(creditEntries)
      .values([
        entry(100, {}),
        entry(-200, {}),
        entry(4000, { approvedById: newId(), approvedByName: 'Second' }),
        entry(800, { createdAt: new Date(Date.now() - 25 * 3600 * 1000) }),
        entry(900, { adminId: newId() }),
      ]);
    expect((await allowance(finance)).moved).toBe(300);
  });
});
