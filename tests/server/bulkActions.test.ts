import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BULK_MAX_IDS } from '../../shared/contract/bulk';
import { admins, auditEvents, companies, needs, offers, users } from '../../server/db/schema';
import { newId } from '../../server/lib/ids';
import { insertCompany, insertUser } from '../helpers/serverFixtures';
import { insertAdmin, useSignedInServer } from '../helpers/testServer';

const ctx = useSignedInServer();
const db = () => ctx.server.app.db;
const unknownId = () => newId();

async function insertNeed(organisationId: string | null = null) {
  const [row] = await db().insert(needs).values({ id: newId(), description: 'Besoin groupé', emergency: 'Maintenant', organisationId }).returning();
  if (!row) throw new Error('no need inserted');
  return row;
}

async function insertOffer() {
  const [row] = await db().insert(offers).values({ id: newId(), title: 'Offre groupée', description: 'd', images: [] }).returning();
  if (!row) throw new Error('no offer inserted');
  return row;
}

const auditedIds = async (action: string, entity: string, ids: string[]) =>
  (
    await db()
      .select({ id: auditEvents.entityId })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, action), eq(auditEvents.entity, entity), inArray(auditEvents.entityId, ids)))
  ).map((row) => row.id);

describe('bulk actions: one call, one transaction, a result per row', () => {
  it('deletes the empty companies and reports the one that still has a user, with its counts', async () => {
    const empty = await insertCompany(ctx.server.app);
    const busy = await insertCompany(ctx.server.app);
    await insertUser(ctx.server.app, { organisationId: busy.id });
    const missing = unknownId();
    const answer = await ctx.me.call('POST', '/company/bulk_delete', { ids: [empty.id, busy.id, missing] });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      ok: true,
      results: [
        { id: empty.id, ok: true },
        { id: busy.id, ok: false, code: 'COMPANY_NOT_EMPTY', counts: { users: 1, offers: 0, needs: 0, rooms: 0 } },
        { id: missing, ok: false, code: 'NOT_FOUND' },
      ],
    });
    const left = await db()
      .select({ id: companies.id })
      .from(companies)
      .where(inArray(companies.id, [empty.id, busy.id]));
    expect(left.map((row) => row.id)).toEqual([busy.id]);
    expect(await auditedIds('delete', 'company', [empty.id, busy.id])).toEqual([empty.id]);
  });

  it('deletes administrators but never the one signed in', async () => {
    const other = await insertAdmin(ctx.server.app, { name: 'Bulk Other' });
    const answer = (await ctx.me.call('POST', '/admin/bulk_delete', { ids: [ctx.me.id, other.id] })).json();
    expect(answer.results).toEqual([
      { id: ctx.me.id, ok: false, code: 'CANNOT_DELETE_SELF' },
      { id: other.id, ok: true },
    ]);
    const left = await db()
      .select({ id: admins.id })
      .from(admins)
      .where(inArray(admins.id, [ctx.me.id, other.id]));
    expect(left.map((row) => row.id)).toEqual([ctx.me.id]);
  });

  it('deletes users, offers and needs, each recorded in the audit trail', async () => {
    const [userA, userB] = [await insertUser(ctx.server.app), await insertUser(ctx.server.app)];
    const [offerA, needA] = [await insertOffer(), await insertNeed()];
    for (const [path, ids] of [
      ['/user/bulk_delete', [userA.id, userB.id]],
      ['/offer/bulk_delete', [offerA.id]],
      ['/need/bulk_delete', [needA.id]],
    ] as const) {
      expect((await ctx.me.call('POST', path, { ids })).json().results.every((row: { ok: boolean }) => row.ok)).toBe(true);
    }
    expect(
      await db()
        .select()
        .from(users)
        .where(inArray(users.id, [userA.id, userB.id])),
    ).toEqual([]);
    expect(await db().select().from(offers).where(eq(offers.id, offerA.id))).toEqual([]);
    expect(await db().select().from(needs).where(eq(needs.id, needA.id))).toEqual([]);
    expect((await auditedIds('delete', 'user', [userA.id, userB.id])).sort()).toEqual([userA.id, userB.id].sort());
    expect(await auditedIds('delete', 'need', [needA.id])).toEqual([needA.id]);
  });

  it("sets the selected needs' status, the unknown ones reported", async () => {
    const [first, second] = [await insertNeed(), await insertNeed()];
    const missing = unknownId();
    const answer = (await ctx.me.call('POST', '/need/bulk_status', { ids: [first.id, missing, second.id], status: 'été traité' })).json();
    expect(answer.results).toEqual([
      { id: first.id, ok: true },
      { id: missing, ok: false, code: 'NOT_FOUND' },
      { id: second.id, ok: true },
    ]);
    const statuses = await db()
      .select({ status: needs.status })
      .from(needs)
      .where(inArray(needs.id, [first.id, second.id]));
    expect(statuses).toEqual([{ status: 'été traité' }, { status: 'été traité' }]);
    expect(await auditedIds('update', 'need', [first.id, second.id])).toHaveLength(2);
  });

  it('moves users to another company; an unknown company refuses the whole call', async () => {
    const from = await insertCompany(ctx.server.app);
    const to = await insertCompany(ctx.server.app, { name: 'Destination' });
    const [userA, userB] = [await insertUser(ctx.server.app, { organisationId: from.id }), await insertUser(ctx.server.app)];
    const refused = await ctx.me.call('POST', '/user/bulk_move', { ids: [userA.id], organisation_id: unknownId() });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ ok: false, code: 'VALIDATION_ERROR', errors: { organisation_id: 'no such company' } });
    expect((await db().select().from(users).where(eq(users.id, userA.id)))[0]?.organisationId).toBe(from.id);

    const answer = (await ctx.me.call('POST', '/user/bulk_move', { ids: [userA.id, userB.id], organisation_id: to.id })).json();
    expect(answer.results).toEqual([
      { id: userA.id, ok: true },
      { id: userB.id, ok: true },
    ]);
    const moved = await db()
      .select({ organisationId: users.organisationId })
      .from(users)
      .where(inArray(users.id, [userA.id, userB.id]));
    expect(moved).toEqual([{ organisationId: to.id }, { organisationId: to.id }]);
    expect(await auditedIds('update', 'user', [userA.id, userB.id])).toHaveLength(2);
  });

  it('refuses a bad selection like any bad body, changing nothing', async () => {
    const need = await insertNeed();
    const tooMany = Array.from({ length: BULK_MAX_IDS + 1 }, () => newId());
    for (const body of [{}, { ids: [] }, { ids: [need.id, need.id] }, { ids: ['not-an-id'] }, { ids: tooMany }, { ids: need.id }]) {
      const answer = await ctx.me.call('POST', '/need/bulk_delete', body);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    }
    for (const body of [{ ids: [need.id] }, { ids: [need.id], status: 'unknown' }]) {
      expect((await ctx.me.call('POST', '/need/bulk_status', body)).statusCode).toBe(400);
    }
    expect(await db().select().from(needs).where(eq(needs.id, need.id))).toHaveLength(1);
    expect((await ctx.server.app.inject({ method: 'POST', url: '/api/need/bulk_delete', payload: { ids: [need.id] } })).statusCode).toBe(401);
  });
});
