import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, users } from '../../server/db/schema';
import { newId } from '../../server/lib/ids';
import { buildTestServer, signedInAdmin, type TestServer } from '../helpers/testServer';
import { insertCompany, insertUser } from '../helpers/serverFixtures';

let server: TestServer;
let me: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  server = await buildTestServer();
  me = await signedInAdmin(server.app);
});
afterAll(() => server.close());

describe('POST /user/search', () => {
  it('filters by organisation and answers the organisation name', async () => {
    const company = await insertCompany(server.app, { name: 'Maison Azur' });
    await insertUser(server.app, { name: 'Inside One', organisationId: company.id });
    await insertUser(server.app, { name: 'Inside Two', organisationId: company.id });
    await insertUser(server.app, { name: 'Outside' });
    const body = (await me.call('POST', '/user/search', { organisation_id: company.id })).json();
    expect(body.total).toBe(2);
    expect(body.data.map((user: { name: string }) => user.name).sort()).toEqual(['Inside One', 'Inside Two']);
    expect(body.data[0]).toMatchObject({ organisation_id: company.id, organisation_name: 'Maison Azur' });
  });

  it('refuses a malformed organisation id', async () => {
    expect((await me.call('POST', '/user/search', { organisation_id: 'nope' })).json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});

describe('POST /user/invite', () => {
  it('creates the user in the company and mails the invitation', async () => {
    const company = await insertCompany(server.app, { name: 'Studio Opale' });
    const response = await me.call('POST', '/user/invite', { name: 'Nina', email: 'Nina@Example.com', organisation_id: company.id, organisation_name: 'Forged', invited: true });
    expect(response.json()).toMatchObject({ ok: true, data: { name: 'Nina', email: 'nina@example.com', organisation_id: company.id, organisation_name: 'Studio Opale', invited: true } });
    const [mail] = await server.app.db.select().from(outbox).where(eq(outbox.recipient, 'nina@example.com'));
    expect(mail?.subject).toContain('Studio Opale');
  });

  it('answers EMAIL_TAKEN for an address in use', async () => {
    const company = await insertCompany(server.app);
    await insertUser(server.app, { email: 'taken.user@example.com' });
    const response = await me.call('POST', '/user/invite', { name: 'Twin', email: 'TAKEN.user@example.com', organisation_id: company.id, invited: true });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ ok: false, code: 'EMAIL_TAKEN' });
  });

  it('refuses a missing name or email, or an unknown company, and creates nothing', async () => {
    const company = await insertCompany(server.app);
    for (const payload of [
      { email: 'a1@example.com', organisation_id: company.id },
      { name: 'A', organisation_id: company.id },
      { name: 'A', email: 'a2@example.com', organisation_id: newId() },
      { name: 'A', email: 'a3@example.com' },
    ]) {
      const response = await me.call('POST', '/user/invite', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    }
    expect(await server.app.db.select().from(users).where(eq(users.email, 'a2@example.com'))).toHaveLength(0);
  });
});
