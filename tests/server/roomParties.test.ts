import { describe, expect, it } from 'vitest';
import { insertRoom } from '../helpers/serverFixtures';
import { useSignedInServer } from '../helpers/testServer';

const ctx = useSignedInServer();

describe("a room's parties", () => {
  it('carry their companies’ ids, in the search and on the room, so that the console links them', async () => {
    const { room, seller, buyer } = await insertRoom(ctx.server.app, { offerTitle: 'Parties liées' });
    const [found] = (await ctx.me.call('POST', '/room/search', { search: 'Parties liées', offset: 0, limit: 10 })).json().rooms;
    expect(found).toMatchObject({ seller: { _id: seller.id, name: seller.name }, buyer: { _id: buyer.id, name: buyer.name } });
    const read = (await ctx.me.call('GET', `/room/${room.id}`)).json();
    expect(read.room).toMatchObject({ seller: { _id: seller.id }, buyer: { _id: buyer.id } });
  });
});
