import { describe, expect, it } from 'vitest';
import { postgresStatementsSent } from '../helpers/statements';
import { users } from '../../server/db/schema';
import { newId } from '../../server/lib/ids';
import { insertCompany } from '../helpers/serverFixtures';
import { useSignedInServer } from '../helpers/testServer';

// PostgreSQL pass only (vitest.config.ts): statements named for node-postgres are planned once per connection.
const ctx = useSignedInServer();

/** The names of the statements sent while `act` runs, in order (unnamed ones left out). */
const namesSent = async (act: () => Promise<void>): Promise<string[]> => (await postgresStatementsSent(act)).flatMap(({ name }) => (name ? [name] : []));

describe('record reads on PostgreSQL', () => {
  it('read an offer, a need, a user and a company by name, in a transaction as outside one, the locked reads under names of their own', async () => {
    const offer = (await ctx.me.call('POST', '/offer', { title: 'Read by name', description: 'd', images: ['https://x.example/1.png'] })).json().data;
    const need = (await ctx.me.call('POST', '/need', { description: 'Read by name', emergency: 'Maintenant' })).json().data;
    const company = await insertCompany(ctx.server.app);
    const user = { _id: newId() };
    await ctx.server.app.db.insert(users).values({ id: user._id, name: 'Read By Name', email: 'read.by.name@example.com' });

    const reads = await namesSent(async () => {
      for (const path of [`/offer/${offer._id}`, `/need/${need._id}`, `/user/${user._id}`, `/company/${company.id}`])
        expect((await ctx.me.call('GET', path)).statusCode).toBe(200);
    });
    expect(reads).toEqual(['offer_read', 'need_read', 'user_read', 'company_detail']);

    // A need's update reads it locked, then as changed, inside its transaction; a deleted offer is read locked before it
    // goes (a version sent is checked under that lock).
    const writes = await namesSent(async () => {
      expect((await ctx.me.call('PUT', `/need/${need._id}`, { status: 'été traité' })).statusCode).toBe(200);
      expect((await ctx.me.call('DELETE', `/offer/${offer._id}`)).statusCode).toBe(200);
    });
    expect(writes).toEqual(['need_read_locked', 'need_read', 'offer_read_locked']);
  });
});
