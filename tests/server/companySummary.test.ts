import { beforeAll, describe, expect, it } from 'vitest';
import { ROLES, may } from '../../shared/catalogue/permissions';
import { companyComments, creditRequests, needs, offers, rooms } from '../../server/db/schema';
import { newId } from '../../server/lib/ids';
import { insertCompany, insertUser } from '../helpers/serverFixtures';
import { signedInAdmin, useSignedInServer } from '../helpers/testServer';

const ctx = useSignedInServer();

describe('GET /company/{id}/summary', () => {
  let companyId = '';
  let emptyId = '';
  beforeAll(async () => {
    const { db } = ctx.server.app;
    const company = await insertCompany(ctx.server.app, { name: 'Résumé SA' });
    const other = await insertCompany(ctx.server.app, { name: 'Autre SARL' });
    companyId = company.id;
    emptyId = (await insertCompany(ctx.server.app, { name: 'Vide SAS' })).id;
    for (let index = 0; index < 3; index++) await insertUser(ctx.server.app, { organisationId: company.id });
    await insertUser(ctx.server.app, { organisationId: other.id });
    for (const title of ['Chaises', 'Tables']) {
      await db.insert(offers).values({ id: newId(), title, description: 'd', images: [], organisationId: company.id });
    }
    await db.insert(offers).values({ id: newId(), title: 'Ailleurs', description: 'd', images: [], organisationId: other.id });
    await db.insert(needs).values({ id: newId(), description: 'Un besoin', emergency: 'Maintenant', organisationId: company.id });
    // A room as seller, one as buyer, one between two others.
    const room = (sellerId: string, buyerId: string) => ({ id: newId(), offerTitle: 'Offre', offerImages: [], sellerId, buyerId });
    const third = await insertCompany(ctx.server.app);
    await db.insert(rooms).values([room(company.id, other.id), room(other.id, company.id), room(other.id, third.id)]);
    await db.insert(companyComments).values([
      { id: newId(), companyId: company.id, userName: 'Ada', text: 'Premier' },
      { id: newId(), companyId: company.id, userName: 'Ada', text: 'Second' },
    ]);
    const request = (expiresAt: Date, status: 'pending' | 'rejected' = 'pending', forCompany = company.id) => ({
      id: newId(),
      companyId: forCompany,
      amount: 5000,
      reason: 'Commande',
      status,
      requestedById: ctx.me.id,
      requestedByName: 'Signed In',
      expiresAt,
    });
    const tomorrow = new Date(Date.now() + 86_400_000);
    // Pending and not expired counts; a lapsed one, a decided one and another company's do not.
    await db
      .insert(creditRequests)
      .values([
        request(tomorrow),
        request(tomorrow),
        request(new Date(Date.now() - 1000)),
        request(tomorrow, 'rejected'),
        request(tomorrow, 'pending', other.id),
      ]);
  });

  it("counts the company's users, offers, needs, rooms on either side, comments and pending credit requests, and only its own", async () => {
    const response = await ctx.me.call('GET', `/company/${companyId}/summary`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, data: { users: 3, offers: 2, needs: 1, rooms: 2, comments: 2, pending_credit_requests: 2 } });
  });

  it('answers zeros for a company with nothing on it, and 404 for an unknown company', async () => {
    expect((await ctx.me.call('GET', `/company/${emptyId}/summary`)).json()).toEqual({
      ok: true,
      data: { users: 0, offers: 0, needs: 0, rooms: 0, comments: 0, pending_credit_requests: 0 },
    });
    const unknown = await ctx.me.call('GET', `/company/${newId()}/summary`);
    expect(unknown.statusCode).toBe(404);
  });

  it('needs what reading the company needs', () => {
    const route = (url: string) => ctx.server.app.routeList.find((entry) => entry.method === 'GET' && entry.url === url);
    expect(route('/api/company/:id/summary')?.permission).toEqual({ resource: 'company', action: 'read' });
    expect(route('/api/company/:id/summary')?.permission).toEqual(route('/api/company/:id')?.permission);
  });

  it.each(ROLES)('answers a %s admin as the permission table says', async (role) => {
    const admin = await signedInAdmin(ctx.server.app, role);
    const response = await admin.call('GET', `/company/${companyId}/summary`);
    expect(response.statusCode).toBe(may(role, 'company', 'read') ? 200 : 403);
  });

  it('is refused to a caller who is not signed in', async () => {
    const response = await ctx.server.app.inject({ method: 'GET', url: `/api/company/${companyId}/summary` });
    expect(response.statusCode).toBe(401);
  });
});
