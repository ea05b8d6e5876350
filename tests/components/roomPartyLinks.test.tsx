import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import rooms from '../../src/resources/messages';
import { renderResource } from '../helpers/renderScreen';
import { buildRoom } from '../helpers/rooms';

const room = buildRoom({
  seller: { _id: 'a'.repeat(24), name: 'Agence Cèdre', logo_url: null },
  buyer: { _id: 'b'.repeat(24), name: 'Maison Azur', logo_url: null },
});

describe("a room's seller and buyer", () => {
  it("are links to their companies in the rooms' table, which open the company and not the room", async () => {
    const { user, location } = renderResource(rooms, '/message', {
      dataProvider: { getList: vi.fn(async () => ({ data: [{ ...room, id: room._id }], total: 1 })) },
    });
    const row = (await screen.findByText('Salon 2027')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: 'Maison Azur' })).toHaveAttribute('href', `/company/${'b'.repeat(24)}`);
    await user.click(within(row).getByRole('link', { name: 'Agence Cèdre' }));
    await waitFor(() => expect(location()).toBe(`/company/${'a'.repeat(24)}`));
  });

  it("are links to their companies on the room's page, and text once a company is deleted", async () => {
    const orphan = { ...room, buyer: { _id: null, name: null, logo_url: null } };
    renderResource(rooms, `/message/${room._id}`, { dataProvider: { getRoom: vi.fn(async () => ({ room: orphan, messages: [], has_more: false })) } });
    const parties = await screen.findByTestId('room-parties');
    expect(within(parties).getByRole('link', { name: 'Agence Cèdre' })).toHaveAttribute('href', `/company/${'a'.repeat(24)}`);
    expect(parties).toHaveTextContent('Seller: Agence Cèdre · Buyer: —');
    expect(within(parties).getAllByRole('link')).toHaveLength(1);
  });
});
