import { describe, expect, it } from 'vitest';
import { auditEvents } from '../../server/db/schema';
import { newId } from '../../server/lib/ids';
import { insertCompany } from '../helpers/serverFixtures';
import { useSignedInServer } from '../helpers/testServer';

const ctx = useSignedInServer();

interface Event {
  _id: string;
  action: string;
  entity_id: string | null;
  entity_name: string | null;
  exists: boolean;
}

const eventsOf = async (filter: Record<string, string>): Promise<Event[]> => {
  const response = await ctx.me.call('POST', '/audit/search', filter);
  expect(response.statusCode).toBe(200);
  return response.json<{ data: Event[] }>().data;
};

describe('the audit trail names the record as it was when the event was recorded', () => {
  it('keeps a company’s name after its rename and its deletion', async () => {
    const created = (await ctx.me.call('POST', '/company', { name: 'Atelier du Cèdre', logo_url: 'https://cdn.example.com/cedre.png' })).json<{
      data: { _id: string; version: number };
    }>().data;
    const id = created._id;
    expect((await ctx.me.call('POST', `/company/${id}/comment`, { text: 'Appelé ce matin' })).statusCode).toBe(200);
    const renamed = (await ctx.me.call('PUT', `/company/${id}`, { name: 'Cèdre & Fils', version: created.version })).json<{ data: { version: number } }>();
    expect((await ctx.me.call('DELETE', `/company/${id}`)).statusCode).toBe(200);
    expect(renamed.data.version).toBeGreaterThan(created.version);

    const events = await eventsOf({ entity: 'company', entity_id: id });
    // Newest first: each event keeps the name it was recorded under, and reads after the record is gone.
    expect(events.map(({ action, entity_name, exists }) => ({ action, entity_name, exists }))).toEqual([
      { action: 'delete', entity_name: 'Cèdre & Fils', exists: false },
      { action: 'update', entity_name: 'Cèdre & Fils', exists: false },
      { action: 'comment', entity_name: 'Atelier du Cèdre', exists: false },
      { action: 'create', entity_name: 'Atelier du Cèdre', exists: false },
    ]);
  });

  it('reads the name from the record when the changes do not carry it (a credit adjustment)', async () => {
    const company = await insertCompany(ctx.server.app, { name: 'Boréal Conseil' });
    expect((await ctx.me.call('POST', `/company/${company.id}/credit`, { amount: 12, reason: 'Geste' })).statusCode).toBe(200);
    const [adjustment] = await eventsOf({ entity: 'company', entity_id: company.id, action: 'credit_adjustment' });
    expect(adjustment?.entity_name).toBe('Boréal Conseil');
    const stored = await ctx.server.app.db.query.auditEvents.findFirst({ where: (event, { eq }) => eq(event.id, adjustment?._id ?? '') });
    expect(stored?.entityName).toBe('Boréal Conseil');
  });

  it('names the admin of a sign-in', async () => {
    const [signIn] = await eventsOf({ entity: 'session', action: 'sign_in', admin_id: ctx.me.id });
    expect(signIn?.entity_name).toBe('Signed In');
  });

  it('an older event, recorded without a name, says the record’s name now while it exists, and none once it is gone', async () => {
    const company = await insertCompany(ctx.server.app, { name: 'Ancienne Maison' });
    const [present, gone] = [newId(), newId()];
    await ctx.server.app.db.insert(auditEvents).values([
      { id: present, action: 'update', entity: 'company', entityId: company.id },
      { id: gone, action: 'update', entity: 'company', entityId: newId() },
    ]);
    const names = Object.fromEntries((await eventsOf({ entity: 'company', action: 'update' })).map((event) => [event._id, event.entity_name]));
    expect(names[present]).toBe('Ancienne Maison');
    expect(names[gone]).toBeNull();
  });
});
