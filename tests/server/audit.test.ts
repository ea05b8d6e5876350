import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, offers } from '../../server/db/schema';
import { hexId, useSearchOrderServer } from '../helpers/searchOrder';

describe('POST /audit/search: newest first (no sort) and filters on known rows', () => {
  const { ctx: searchCtx, company, remember, search } = useSearchOrderServer();

  const adminOne = hexId('7', 1);
  const adminTwo = hexId('7', 2);
  // In 2030, after the events the API writes (the sign-in), so that they lead the first page.
  const time = (day: number) => new Date(Date.UTC(2030, 0, day, 12));

  beforeAll(async () => {
    const rows = [
      { label: 'E1', id: 5, entity: 'company', entityId: company.A, adminId: adminOne, action: 'update' },
      { label: 'E2', id: 3, entity: 'company', entityId: company.B, adminId: adminTwo, action: 'credit_adjustment' },
      { label: 'E3', id: 1, entity: 'offer', entityId: hexId('a', 4), adminId: adminOne, action: 'update' },
      { label: 'E4', id: 4, entity: 'company', entityId: company.A, adminId: adminTwo, action: 'comment' },
      { label: 'E5', id: 2, entity: 'need', entityId: hexId('b', 1), adminId: null, action: 'delete' },
    ];
    for (const [index, { label, id, ...values }] of rows.entries()) {
      await searchCtx.server.app.db.insert(auditEvents).values({ id: remember(label, hexId('f', id)), ...values, createdAt: time(index + 1) });
    }
  });

  it('answers newest first, whatever the ids', async () => {
    expect(await search('/audit/search', {})).toEqual(['E5', 'E4', 'E3', 'E2', 'E1']);
  });

  it('entity, entity_id, admin_id and action keep exact matches only, and combine with AND', async () => {
    expect(await search('/audit/search', { entity: 'company' })).toEqual(['E4', 'E2', 'E1']);
    expect(await search('/audit/search', { entity_id: company.A })).toEqual(['E4', 'E1']);
    expect(await search('/audit/search', { entity: 'company', entity_id: company.B })).toEqual(['E2']);
    expect(await search('/audit/search', { entity: 'offer', entity_id: company.B })).toEqual([]);
    expect(await search('/audit/search', { admin_id: adminOne })).toEqual(['E3', 'E1']);
    expect(await search('/audit/search', { admin_id: adminTwo })).toEqual(['E4', 'E2']);
    expect(await search('/audit/search', { action: 'update' })).toEqual(['E3', 'E1']);
    expect(await search('/audit/search', { action: 'update', entity: 'company' })).toEqual(['E1']);
    expect(await search('/audit/search', { action: 'delete', admin_id: adminOne })).toEqual([]);
  });

  it('says of each event whether its record still exists, whatever its kind', async () => {
    // Another offer, so that an EXISTS that forgot the event's id would find one.
    await searchCtx.server.app.db.insert(offers).values({ id: hexId('a', 9), title: 'Autre offre', description: 'd', images: [] });
    const response = await searchCtx.me.call('POST', '/audit/search', { from: time(1).toISOString() });
    const events = response.json<{ data: Array<{ _id: string; exists: boolean }> }>().data;
    const exists = Object.fromEntries(events.map((event) => [event._id, event.exists]));
    // The two companies are there; the event's offer and the need were never inserted.
    expect(exists).toEqual({ [hexId('f', 5)]: true, [hexId('f', 3)]: true, [hexId('f', 1)]: false, [hexId('f', 4)]: true, [hexId('f', 2)]: false });
  });

  it('from and to keep the events in the range, both ends included', async () => {
    expect(await search('/audit/search', { from: time(3).toISOString() })).toEqual(['E5', 'E4', 'E3']);
    expect(await search('/audit/search', { to: time(3).toISOString() })).toEqual(['E3', 'E2', 'E1']);
    expect(await search('/audit/search', { from: time(2).toISOString(), to: time(4).toISOString() })).toEqual(['E4', 'E3', 'E2']);
    expect(await search('/audit/search', { from: time(4).toISOString(), to: time(2).toISOString() })).toEqual([]);
    // The same instants in another offset.
    expect(await search('/audit/search', { from: '2030-01-03T14:00:00+02:00', to: '2030-01-04T13:00:00+01:00' })).toEqual(['E4', 'E3']);
  });
});
