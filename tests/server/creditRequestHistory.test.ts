import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../shared/catalogue/permissions';
import { insertCompany } from '../helpers/serverFixtures';
import { insertAdmin, signIn, useSignedInServer } from '../helpers/testServer';

// Issue 40: the Approvals page's history tabs and its "Mine" filter read POST /credit_request/search.
const ctx = useSignedInServer();
const app = () => ctx.server.app;

interface Admin {
  id: string;
  call: (url: string, payload?: object) => Promise<LightMyRequestResponse>;
}

async function adminOf(role: Role, name: string): Promise<Admin> {
  const { id, email } = await insertAdmin(app(), { name, role });
  const { token } = await signIn(app(), email);
  return { id, call: (url, payload = {}) => app().inject({ method: 'POST', url: `/api${url}`, headers: { authorization: `JWT ${token}` }, payload }) };
}

interface Found {
  total: number;
  data: Array<{ _id: string; status: string; requested_by: string; decided_by_name: string | null; decided_at: string | null; decision_reason: string | null }>;
}

const team = {} as Record<'finance' | 'operations' | 'secondOperations' | 'support', Admin>;
beforeAll(async () => {
  team.finance = await adminOf('finance', 'Fanny Finance');
  team.operations = await adminOf('operations', 'Oscar Operations');
  team.secondOperations = await adminOf('operations', 'Odile Operations');
  team.support = await adminOf('support', 'Sam Support');
});

/** A pending request of `amount` (operations' adjustments always wait); its id. */
async function requested(as: Admin, companyId: string, amount: number): Promise<string> {
  const answer = await as.call(`/company/${companyId}/credit`, { amount, reason: 'Top-up' });
  expect(answer.statusCode, answer.body).toBe(202);
  return answer.json().data._id;
}

describe('POST /credit_request/search by requester', () => {
  it("finds only the requester's own requests, with every status, and with the other filters", async () => {
    const company = await insertCompany(app());
    const mine = [await requested(team.operations, company.id, 10), await requested(team.operations, company.id, 20)];
    const theirs = await requested(team.secondOperations, company.id, 30);
    const search = async (as: Admin, filter: object) => (await as.call('/credit_request/search', { company_id: company.id, ...filter })).json() as Found;

    const all = await search(team.operations, { requested_by: team.operations.id });
    expect(all.total).toBe(2);
    expect(all.data.map((one) => one._id)).toEqual([...mine].reverse());
    expect(all.data.every((one) => one.requested_by === team.operations.id)).toBe(true);
    // Any admin may read anyone's: the filter narrows, it grants nothing.
    expect((await search(team.support, { requested_by: team.secondOperations.id })).data.map((one) => one._id)).toEqual([theirs]);

    expect((await team.finance.call(`/credit_request/${mine[0]}/reject`, { reason: 'Pas de justificatif' })).statusCode).toBe(200);
    const rejected = await search(team.operations, { requested_by: team.operations.id, status: 'rejected' });
    expect(rejected.data).toEqual([
      expect.objectContaining({ _id: mine[0], status: 'rejected', decided_by_name: 'Fanny Finance', decision_reason: 'Pas de justificatif' }),
    ]);
    expect(rejected.data[0]?.decided_at).toEqual(expect.any(String));
    expect((await search(team.operations, { requested_by: team.operations.id, status: 'pending' })).data.map((one) => one._id)).toEqual([mine[1]]);
    expect((await search(team.operations, { requested_by: team.secondOperations.id, status: 'rejected' })).total).toBe(0);
  });

  it('refuses a requester that is not an id (400 VALIDATION_ERROR)', async () => {
    const answer = await team.operations.call('/credit_request/search', { requested_by: 'me' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
  });
});
