import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../shared/catalogue/permissions';
import { auditEvents, companies, creditEntries, creditRequests } from '../../server/db/schema';
import { expireCreditRequests } from '../../server/lib/creditRequests';
import { insertCompany } from '../helpers/serverFixtures';
import { buildTestServer, insertAdmin, signIn, useSignedInServer } from '../helpers/testServer';

// Four eyes on credits (issue 31): the threshold is the default, 1 000; requests expire after 72 hours.
const ctx = useSignedInServer();
const app = () => ctx.server.app;

type Call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => Promise<LightMyRequestResponse>;
interface Admin {
  id: string;
  name: string;
  call: Call;
}

/** A signed-in admin of `role` with a name of their own, so that the ledger's two names can be told apart. */
async function adminOf(role: Role, name: string): Promise<Admin> {
  const { id, email } = await insertAdmin(app(), { name, role });
  const { token } = await signIn(app(), email);
  const call: Call = (method, url, payload) =>
    app().inject({ method, url: `/api${url}`, headers: { authorization: `JWT ${token}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { id, name, call };
}

const team = {} as Record<'owner' | 'finance' | 'secondFinance' | 'operations' | 'support', Admin>;
beforeAll(async () => {
  team.owner = await adminOf('owner', 'Olga Owner');
  team.finance = await adminOf('finance', 'Fanny Finance');
  team.secondFinance = await adminOf('finance', 'Felix Finance');
  team.operations = await adminOf('operations', 'Oscar Operations');
  team.support = await adminOf('support', 'Sam Support');
});

/** An admin who moved nothing alone yet: what one admin moves alone sums (tests/server/fourEyesBySum.test.ts). */
const freshAdmin = (role: 'owner' | 'finance') => adminOf(role, role === 'owner' ? 'Olga Owner' : 'Fanny Finance');

const balanceOf = async (companyId: string) =>
  (await app().db.select({ balance: companies.creditBalance }).from(companies).where(eq(companies.id, companyId)))[0]?.balance;
const entriesOf = (companyId: string) => app().db.select().from(creditEntries).where(eq(creditEntries.companyId, companyId));
const eventsOf = (companyId: string, action: string) =>
  app()
    .db.select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entityId, companyId), eq(auditEvents.action, action)));
const credit = (as: Admin, companyId: string, amount: number, reason = 'Top-up') => as.call('POST', `/company/${companyId}/credit`, { amount, reason });

/** A pending request of `amount` asked by `as`; its id. */
async function requested(as: Admin, companyId: string, amount: number, reason = 'Big top-up'): Promise<string> {
  const answer = await credit(as, companyId, amount, reason);
  expect(answer.statusCode, answer.body).toBe(202);
  return answer.json().data._id;
}

const approve = (as: Admin, id: string) => as.call('POST', `/credit_request/${id}/approve`);
const reject = (as: Admin, id: string, reason?: string) => as.call('POST', `/credit_request/${id}/reject`, reason === undefined ? {} : { reason });
const refusal = (answer: LightMyRequestResponse) => ({ status: answer.statusCode, body: answer.json() });

describe('POST /company/{id}/credit and the approval threshold', () => {
  it('applies at once up to the threshold, by absolute value, and waits above it, for an owner and for finance', async () => {
    for (const role of ['owner', 'finance'] as const) {
      const company = await insertCompany(app());
      for (const [amount, status] of [
        [1000, 200],
        [-1000, 200],
        [1000.01, 202],
        [-1000.01, 202],
      ] as const) {
        expect((await credit(await freshAdmin(role), company.id, amount)).statusCode, `${role} ${amount}`).toBe(status);
      }
      expect(await balanceOf(company.id), role).toBe(0);
      expect(
        (await entriesOf(company.id)).map((entry) => entry.amount),
        role,
      ).toEqual([1000, -1000]);
      const pending = (await team.support.call('POST', '/credit_request/search', { company_id: company.id })).json();
      expect(pending.data.map((one: { amount: number }) => one.amount)).toEqual([-1000.01, 1000.01]);
    }
  });

  it('answers 202 with the pending request, moving neither the balance nor the ledger, and audits the request', async () => {
    const company = await insertCompany(app(), { name: 'Attente SAS' });
    const answer = await credit(team.owner, company.id, 5000, '  Contrat annuel  ');
    expect(answer.statusCode).toBe(202);
    const body = answer.json();
    expect(body).toEqual({
      ok: true,
      data: {
        _id: expect.stringMatching(/^[a-f0-9]{24}$/),
        company_id: company.id,
        company_name: 'Attente SAS',
        amount: 5000,
        reason: 'Contrat annuel',
        status: 'pending',
        requested_by: team.owner.id,
        requested_by_name: 'Olga Owner',
        created_at: expect.any(String),
        expires_at: expect.any(String),
        decided_by: null,
        decided_by_name: null,
        decided_at: null,
        decision_reason: null,
      },
    });
    const { created_at: createdAt, expires_at: expiresAt } = body.data;
    expect(Date.parse(expiresAt) - Date.parse(createdAt)).toBe(72 * 3600 * 1000);
    expect(await balanceOf(company.id)).toBe(0);
    expect(await entriesOf(company.id)).toHaveLength(0);
    const [event, ...others] = await eventsOf(company.id, 'credit_request');
    expect(others).toEqual([]);
    expect(event).toMatchObject({
      adminId: team.owner.id,
      adminName: 'Olga Owner',
      entity: 'company',
      changes: { credit_request: [null, body.data._id], amount: [null, 5000], reason: [null, 'Contrat annuel'], status: [null, 'pending'] },
    });
    expect(await eventsOf(company.id, 'credit_adjustment')).toHaveLength(0);
  });

  it('makes every adjustment of operations a request, even of 1; refuses support with 403 FORBIDDEN', async () => {
    const company = await insertCompany(app());
    for (const amount of [1, -0.01, 5000]) expect((await credit(team.operations, company.id, amount)).statusCode, String(amount)).toBe(202);
    expect(refusal(await credit(team.support, company.id, 1))).toEqual({ status: 403, body: { ok: false, code: 'FORBIDDEN' } });
    expect(await balanceOf(company.id)).toBe(0);
    expect(await entriesOf(company.id)).toHaveLength(0);
    expect(await app().db.select().from(creditRequests).where(eq(creditRequests.companyId, company.id))).toHaveLength(3);
  });

  it('refuses an unknown company (404) and a request that would already leave the balance range (400), creating nothing', async () => {
    const unknown = await credit(team.operations, '0123456789abcdef01234567', 5);
    expect(refusal(unknown)).toEqual({ status: 404, body: { ok: false, code: 'NOT_FOUND' } });
    const nearTheBound = await insertCompany(app(), { creditBalance: 999_999_999_000 });
    for (const [as, amount] of [
      [team.operations, 1000],
      [team.owner, 5000],
    ] as const) {
      expect(refusal(await credit(as, nearTheBound.id, amount)), as.name).toEqual({ status: 400, body: { ok: false, code: 'BALANCE_OUT_OF_RANGE' } });
    }
    expect((await credit(team.operations, nearTheBound.id, 999)).statusCode).toBe(202);
    const made = await app().db.select().from(creditRequests).where(eq(creditRequests.companyId, nearTheBound.id));
    expect(made.map((one) => one.amount)).toEqual([999]);
  });
});

describe('POST /credit_request/search', () => {
  it('lists newest first, ten a page, with the total, filtered by company and by status, for every role', async () => {
    const company = await insertCompany(app(), { name: 'Pagée' });
    const ids: string[] = [];
    for (let index = 1; index <= 12; index += 1) ids.push(await requested(team.operations, company.id, index, `Request ${index}`));
    const first = (await team.support.call('POST', '/credit_request/search', { company_id: company.id, offset: 0 })).json();
    expect(first).toMatchObject({ ok: true, total: 12, total_exact: true });
    expect(first.data).toHaveLength(10);
    expect(first.data[0]).toMatchObject({ _id: ids[11], reason: 'Request 12', company_name: 'Pagée', requested_by_name: 'Oscar Operations' });
    const second = (await team.support.call('POST', '/credit_request/search', { company_id: company.id, offset: 10 })).json();
    expect(second.data.map((one: { reason: string }) => one.reason)).toEqual(['Request 2', 'Request 1']);

    expect((await approve(team.finance, ids[0] ?? '')).statusCode).toBe(200);
    expect((await reject(team.finance, ids[1] ?? '', 'Doublon')).statusCode).toBe(200);
    await app()
      .db.update(creditRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(creditRequests.id, ids[2] ?? ''));
    const byStatus = async (status: string) =>
      (await team.support.call('POST', '/credit_request/search', { company_id: company.id, status })).json() as {
        total: number;
        data: Array<{ _id: string; status: string }>;
      };
    expect((await byStatus('approved')).data.map((one) => one._id)).toEqual([ids[0]]);
    expect((await byStatus('rejected')).data.map((one) => one._id)).toEqual([ids[1]]);
    // Past its expiry, a request reads expired before the housekeeping marks it.
    expect((await byStatus('expired')).data).toEqual([expect.objectContaining({ _id: ids[2], status: 'expired' })]);
    expect((await byStatus('pending')).total).toBe(9);
    expect((await byStatus('pending')).data.every((one) => one.status === 'pending')).toBe(true);

    const everyCompany = (await team.operations.call('POST', '/credit_request/search', { status: 'pending' })).json();
    expect(everyCompany.total).toBeGreaterThan(9);
    expect(refusal(await team.support.call('POST', '/credit_request/search', { status: 'waiting' }))).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_ERROR' },
    });
  });

  it("shows a deleted company's requests with no name", async () => {
    const company = await insertCompany(app(), { name: 'Partie' });
    const id = await requested(team.operations, company.id, 42);
    await app().db.delete(companies).where(eq(companies.id, company.id));
    const found = (await team.finance.call('POST', '/credit_request/search', { company_id: company.id })).json();
    expect(found.data).toEqual([expect.objectContaining({ _id: id, company_name: null })]);
  });
});

describe('approving a request', () => {
  it('moves the balance and writes one ledger entry naming the requester and the approver, in one go, and audits it', async () => {
    const company = await insertCompany(app());
    expect((await credit(await freshAdmin('owner'), company.id, 100)).statusCode).toBe(200);
    const id = await requested(team.operations, company.id, 5000, 'Contrat');
    const answer = await approve(team.finance, id);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toMatchObject({
      _id: id,
      status: 'approved',
      requested_by: team.operations.id,
      decided_by: team.finance.id,
      decided_by_name: 'Fanny Finance',
      decided_at: expect.any(String),
      decision_reason: null,
    });
    expect(await balanceOf(company.id)).toBe(5100);
    const ledger = (await team.support.call('POST', `/company/${company.id}/credit/search`, { offset: 0 })).json();
    expect(ledger.data).toHaveLength(2);
    expect(ledger.data[0]).toMatchObject({
      amount: 5000,
      balance_after: 5100,
      reason: 'Contrat',
      admin_id: team.operations.id,
      admin_name: 'Oscar Operations',
      approved_by: team.finance.id,
      approved_by_name: 'Fanny Finance',
    });
    expect(ledger.data[1]).toMatchObject({ amount: 100, approved_by: null, approved_by_name: null });
    const [event, ...others] = await eventsOf(company.id, 'credit_approval');
    expect(others).toEqual([]);
    expect(event).toMatchObject({
      adminId: team.finance.id,
      adminName: 'Fanny Finance',
      entity: 'company',
      changes: { credit_request: [null, id], status: ['pending', 'approved'], credit_balance: [100, 5100], reason: [null, 'Contrat'] },
    });
  });

  it('is for owners and finance only', async () => {
    const company = await insertCompany(app());
    const id = await requested(team.owner, company.id, 2000);
    for (const as of [team.operations, team.support]) {
      expect(refusal(await approve(as, id)), as.name).toEqual({ status: 403, body: { ok: false, code: 'FORBIDDEN' } });
      expect(refusal(await reject(as, id, 'Non')), as.name).toEqual({ status: 403, body: { ok: false, code: 'FORBIDDEN' } });
    }
    expect((await approve(team.finance, id)).statusCode).toBe(200);
    expect(await balanceOf(company.id)).toBe(2000);
    expect(refusal(await approve(team.finance, '0123456789abcdef01234567'))).toEqual({ status: 404, body: { ok: false, code: 'NOT_FOUND' } });
  });

  it('is never by the requester (403 SELF_APPROVAL), who may still withdraw it by a rejection', async () => {
    const company = await insertCompany(app());
    const id = await requested(team.finance, company.id, 3000);
    expect(refusal(await approve(team.finance, id))).toEqual({ status: 403, body: { ok: false, code: 'SELF_APPROVAL' } });
    expect(await balanceOf(company.id)).toBe(0);
    expect(await entriesOf(company.id)).toHaveLength(0);
    expect(await eventsOf(company.id, 'credit_approval')).toHaveLength(0);
    const withdrawn = await reject(team.finance, id, 'Erreur de saisie');
    expect(withdrawn.json().data).toMatchObject({ status: 'rejected', decided_by: team.finance.id });
  });

  it('checks the bounds again: a balance moved since the request is refused (400) and nothing changes', async () => {
    const company = await insertCompany(app(), { creditBalance: 999_999_997_000 });
    const first = await requested(team.operations, company.id, 2000);
    const second = await requested(team.operations, company.id, 2500);
    expect((await approve(team.finance, first)).statusCode).toBe(200);
    expect(refusal(await approve(team.finance, second))).toEqual({ status: 400, body: { ok: false, code: 'BALANCE_OUT_OF_RANGE' } });
    expect(await balanceOf(company.id)).toBe(999_999_999_000);
    expect(await entriesOf(company.id)).toHaveLength(1);
    expect(await eventsOf(company.id, 'credit_approval')).toHaveLength(1);
    const [left] = await app().db.select().from(creditRequests).where(eq(creditRequests.id, second));
    expect(left).toMatchObject({ status: 'pending', decidedById: null });
  });

  it('refuses a request whose company is gone with 409 REFERENCE_GONE; it can still be rejected', async () => {
    const company = await insertCompany(app());
    const id = await requested(team.operations, company.id, 1500);
    await app().db.delete(companies).where(eq(companies.id, company.id));
    expect(refusal(await approve(team.finance, id))).toEqual({ status: 409, body: { ok: false, code: 'REFERENCE_GONE' } });
    expect((await reject(team.finance, id, 'Société supprimée')).statusCode).toBe(200);
  });

  it('lets exactly one of ten concurrent approvals win: one 200, nine 409 ALREADY_DECIDED, one ledger entry', async () => {
    const company = await insertCompany(app());
    const id = await requested(team.operations, company.id, 7000);
    const approvers = [team.owner, team.finance, team.secondFinance];
    const answers = await Promise.all(Array.from({ length: 10 }, (_, index) => approve(approvers[index % approvers.length] as Admin, id)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, ...Array<number>(9).fill(409)]);
    for (const answer of answers.filter((one) => one.statusCode === 409)) expect(answer.json()).toEqual({ ok: false, code: 'ALREADY_DECIDED' });
    expect(await balanceOf(company.id)).toBe(7000);
    expect(await entriesOf(company.id)).toHaveLength(1);
    expect(await eventsOf(company.id, 'credit_approval')).toHaveLength(1);
  });
});

describe('rejecting a request', () => {
  it('needs a reason (400 without), moves nothing, and audits the rejection with it', async () => {
    const company = await insertCompany(app());
    const id = await requested(team.operations, company.id, 4000);
    for (const reason of [undefined, '', '   ', 'x'.repeat(501)]) {
      expect(refusal(await reject(team.finance, id, reason)), String(reason)).toMatchObject({ status: 400, body: { ok: false, code: 'VALIDATION_ERROR' } });
    }
    const answer = await reject(team.finance, id, '  Pas de contrat signé ');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toMatchObject({
      status: 'rejected',
      decision_reason: 'Pas de contrat signé',
      decided_by: team.finance.id,
      decided_by_name: 'Fanny Finance',
      decided_at: expect.any(String),
    });
    expect(await balanceOf(company.id)).toBe(0);
    expect(await entriesOf(company.id)).toHaveLength(0);
    expect(await eventsOf(company.id, 'credit_rejection')).toEqual([
      expect.objectContaining({
        adminId: team.finance.id,
        changes: { credit_request: [null, id], status: ['pending', 'rejected'], decision_reason: [null, 'Pas de contrat signé'] },
      }),
    ]);
  });
});

describe('a request decided or expired', () => {
  const alreadyDecided = { status: 409, body: { ok: false, code: 'ALREADY_DECIDED' } };

  it('answers 409 ALREADY_DECIDED to a second decision, after an approval and after a rejection', async () => {
    const company = await insertCompany(app());
    const approved = await requested(team.operations, company.id, 1200);
    expect((await approve(team.finance, approved)).statusCode).toBe(200);
    expect(refusal(await approve(team.secondFinance, approved))).toEqual(alreadyDecided);
    expect(refusal(await reject(team.secondFinance, approved, 'Trop tard'))).toEqual(alreadyDecided);
    const rejected = await requested(team.operations, company.id, 1300);
    expect((await reject(team.finance, rejected, 'Non')).statusCode).toBe(200);
    expect(refusal(await approve(team.secondFinance, rejected))).toEqual(alreadyDecided);
    expect(refusal(await reject(team.secondFinance, rejected, 'Encore non'))).toEqual(alreadyDecided);
    expect(await balanceOf(company.id)).toBe(1200);
    expect(await entriesOf(company.id)).toHaveLength(1);
  });

  it('expires after its time: it reads expired at once, cannot be decided, and nothing moves', async () => {
    const company = await insertCompany(app());
    const id = await requested(team.operations, company.id, 2500);
    await app()
      .db.update(creditRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(creditRequests.id, id));
    expect(refusal(await approve(team.finance, id))).toEqual(alreadyDecided);
    expect(refusal(await reject(team.finance, id, 'Trop tard'))).toEqual(alreadyDecided);
    const [read] = (await team.finance.call('POST', '/credit_request/search', { company_id: company.id })).json().data;
    expect(read).toMatchObject({ _id: id, status: 'expired', decided_by: null });
    expect(await balanceOf(company.id)).toBe(0);
    expect(await entriesOf(company.id)).toHaveLength(0);
  });
});

describe('the housekeeping', () => {
  it('marks the requests past their expiry expired, with one audit event each and no admin, once', async () => {
    const company = await insertCompany(app());
    const [late, alsoLate, live] = [
      await requested(team.operations, company.id, 10),
      await requested(team.operations, company.id, 20),
      await requested(team.operations, company.id, 30),
    ];
    await app()
      .db.update(creditRequests)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(sql`${creditRequests.id} in (${late}, ${alsoLate})`);
    const decided = await requested(team.operations, company.id, 40);
    expect((await reject(team.finance, decided, 'Non')).statusCode).toBe(200);
    await app()
      .db.update(creditRequests)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(creditRequests.id, decided));

    expect(await expireCreditRequests(app().db)).toBeGreaterThanOrEqual(2);
    const statuses = Object.fromEntries(
      (await app().db.select().from(creditRequests).where(eq(creditRequests.companyId, company.id))).map((row) => [row.id, row.status]),
    );
    expect(statuses).toEqual({ [late]: 'expired', [alsoLate]: 'expired', [live]: 'pending', [decided]: 'rejected' });
    const events = await eventsOf(company.id, 'credit_request_expiry');
    expect(events.map((event) => event.changes?.credit_request?.[1]).sort()).toEqual([late, alsoLate].sort());
    expect(events.every((event) => event.adminId === null && event.ip === null && event.requestId === null)).toBe(true);
    expect(events[0]?.changes?.status).toEqual(['pending', 'expired']);

    expect(await expireCreditRequests(app().db)).toBe(0);
    expect(await eventsOf(company.id, 'credit_request_expiry')).toHaveLength(2);
  });

  it('runs when a server starts', async () => {
    const server = await buildTestServer();
    try {
      const { db } = server.app;
      const { id: requester } = await insertAdmin(server.app, { role: 'operations' });
      const company = await insertCompany(server.app);
      await db.insert(creditRequests).values({
        id: '0123456789abcdef0123abcd',
        companyId: company.id,
        amount: 5000,
        reason: 'Oubliée',
        requestedById: requester,
        requestedByName: 'Test Admin',
        expiresAt: new Date(Date.now() - 1000),
      });
      await server.app.ready();
      expect((await db.select({ status: creditRequests.status }).from(creditRequests))[0]?.status).toBe('expired');
      expect(await db.select().from(auditEvents).where(eq(auditEvents.action, 'credit_request_expiry'))).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});

describe('PUT /company/{id} and the balance', () => {
  const putBalance = async (as: Admin, companyId: string, balance: number) => {
    const current = (await as.call('GET', `/company/${companyId}`)).json().data;
    return as.call('PUT', `/company/${companyId}`, { name: 'Renommée', credit_balance: balance, version: current.version });
  };

  it('refuses a balance change from a role that may not adjust (403 FORBIDDEN), and one past the threshold (409 APPROVAL_REQUIRED), changing nothing', async () => {
    const company = await insertCompany(app(), { name: 'Intacte' });
    expect(refusal(await putBalance(team.operations, company.id, 5))).toEqual({ status: 403, body: { ok: false, code: 'FORBIDDEN' } });
    for (const as of [team.owner, team.finance]) {
      for (const balance of [1000.01, -1000.01]) {
        expect(refusal(await putBalance(as, company.id, balance)), `${as.name} ${balance}`).toEqual({
          status: 409,
          body: { ok: false, code: 'APPROVAL_REQUIRED' },
        });
      }
    }
    expect((await team.owner.call('GET', `/company/${company.id}`)).json().data).toMatchObject({
      name: 'Intacte',
      credit_balance: 0,
      version: company.version,
    });
    expect(await entriesOf(company.id)).toHaveLength(0);
    expect(await app().db.select().from(auditEvents).where(eq(auditEvents.entityId, company.id))).toHaveLength(0);
  });

  it('lets an owner or finance move it by up to the threshold, and operations save the form with the balance unchanged', async () => {
    const company = await insertCompany(app());
    expect((await putBalance(await freshAdmin('finance'), company.id, 1000)).json()).toMatchObject({ ok: true, data: { credit_balance: 1000 } });
    expect((await putBalance(await freshAdmin('owner'), company.id, 0)).json()).toMatchObject({ ok: true, data: { credit_balance: 0 } });
    expect((await putBalance(team.operations, company.id, 0)).json()).toMatchObject({ ok: true, data: { name: 'Renommée', credit_balance: 0 } });
    expect((await entriesOf(company.id)).map((entry) => entry.amount).sort((a, b) => a - b)).toEqual([-1000, 1000]);
  });
});

describe("deleting a company with a balance (its ledger's closing entry moves credits)", () => {
  it('is refused to operations (403 FORBIDDEN, nothing changes), who may delete one with none; an owner closes the balance', async () => {
    const funded = await insertCompany(app(), { name: 'Dotée', creditBalance: 40 });
    expect(refusal(await team.operations.call('DELETE', `/company/${funded.id}`))).toEqual({ status: 403, body: { ok: false, code: 'FORBIDDEN' } });
    expect(await balanceOf(funded.id)).toBe(40);
    const empty = await insertCompany(app(), { name: 'Vide' });
    expect((await team.operations.call('DELETE', `/company/${empty.id}`)).statusCode).toBe(200);
    expect((await (await freshAdmin('owner')).call('DELETE', `/company/${funded.id}`)).statusCode).toBe(200);
    expect((await entriesOf(funded.id)).map((entry) => entry.amount)).toEqual([-40]);
  });
});

describe('the published document', () => {
  type Operation = { responses: Record<string, { $ref?: string; content?: unknown }> };
  type Document = {
    paths: Record<string, Record<string, Operation>>;
    components: { responses: Record<string, { content: Record<string, { schema: { properties: { code: { enum: string[] } } } }> }> };
  };

  it('declares the 202 answer and each refusal the tests above met', async () => {
    const document = (await app().inject({ method: 'GET', url: '/api/openapi.json' })).json<Document>();
    const codesOf = (method: string, path: string, status: number) => {
      const name = document.paths[path]?.[method]?.responses[String(status)]?.$ref?.replace('#/components/responses/', '') ?? '';
      return document.components.responses[name]?.content['application/json']?.schema.properties.code.enum ?? [];
    };
    expect(document.paths['/api/company/{id}/credit']?.post?.responses['202']?.content).toBeDefined();
    const met: Array<[method: string, path: string, status: number, code: string]> = [
      ['post', '/api/company/{id}/credit', 400, 'BALANCE_OUT_OF_RANGE'],
      ['post', '/api/company/{id}/credit', 403, 'FORBIDDEN'],
      ['post', '/api/company/{id}/credit', 404, 'NOT_FOUND'],
      ['post', '/api/credit_request/search', 400, 'VALIDATION_ERROR'],
      ['post', '/api/credit_request/{id}/approve', 400, 'BALANCE_OUT_OF_RANGE'],
      ['post', '/api/credit_request/{id}/approve', 403, 'FORBIDDEN'],
      ['post', '/api/credit_request/{id}/approve', 403, 'SELF_APPROVAL'],
      ['post', '/api/credit_request/{id}/approve', 404, 'NOT_FOUND'],
      ['post', '/api/credit_request/{id}/approve', 409, 'ALREADY_DECIDED'],
      ['post', '/api/credit_request/{id}/approve', 409, 'REFERENCE_GONE'],
      ['post', '/api/credit_request/{id}/reject', 400, 'VALIDATION_ERROR'],
      ['post', '/api/credit_request/{id}/reject', 403, 'FORBIDDEN'],
      ['post', '/api/credit_request/{id}/reject', 409, 'ALREADY_DECIDED'],
      ['put', '/api/company/{id}', 403, 'FORBIDDEN'],
      ['put', '/api/company/{id}', 409, 'APPROVAL_REQUIRED'],
    ];
    for (const [method, path, status, code] of met) expect(codesOf(method, path, status), `${method} ${path} ${status}`).toContain(code);
  });
});
