import type { GetListParams } from 'react-admin';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import rooms from '../../src/resources/messages';
import { ME } from '../helpers/fakeProviders';
import { answerMediaQueries } from '../helpers/mediaQueries';
import { renderResource } from '../helpers/renderScreen';
import { buildRoom, buildRoomMessage, openEventStream } from '../helpers/rooms';

const room = buildRoom();
const message = buildRoomMessage;

afterEach(() => vi.restoreAllMocks());

describe('/message', () => {
  it("the dashboard's link to the rooms awaiting a reply: narrowed, said by a chip, widened by its delete", async () => {
    const getList = vi.fn(async (_resource: string, _params: GetListParams) => ({ data: [], total: 0 }));
    const { user } = renderResource(rooms, `/message?filter=${encodeURIComponent(JSON.stringify({ awaiting_reply: true }))}`, { dataProvider: { getList } });
    await waitFor(() => expect(getList).toHaveBeenCalledWith('message', expect.objectContaining({ filter: { awaiting_reply: true } })));
    const chip = await screen.findByText('Awaiting a reply');
    await user.click(within(chip.closest('.MuiChip-root') as HTMLElement).getByTestId('CancelIcon'));
    await waitFor(() => expect(getList.mock.calls.at(-1)?.[1].filter).toEqual({}));
  });

  it('lists rooms with offer, seller, buyer, last message (plain text), last activity and created at; a row opens /message/{room_id}', async () => {
    const listed = { ...room, last_message: 'À demain <b>sans faute</b>', last_activity_at: '2026-11-22T18:30:00' };
    const getList = vi.fn(async () => ({ data: [{ ...listed, id: room._id }], total: 1 }));
    const { user, location } = renderResource(rooms, '/message', {
      dataProvider: { getList, getRoom: vi.fn(async () => ({ room, messages: [], has_more: false })) },
    });
    const row = (await screen.findByText('Salon 2027')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Agence Cèdre')).toBeInTheDocument();
    expect(within(row).getByText('Maison Azur')).toBeInTheDocument();
    expect(within(row).getByText('20/11/2026, 10:00')).toBeInTheDocument();
    const lastMessage = within(row).getByText('À demain <b>sans faute</b>');
    expect(lastMessage.closest('td')).toHaveClass('column-last_message');
    expect(row.querySelector('td.column-last_message b')).toBeNull();
    expect(row.querySelector('td.column-last_activity_at')).toHaveTextContent('22/11/2026, 18:30');
    expect(screen.getByRole('columnheader', { name: 'Last message' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Last activity' })).toBeInTheDocument();
    expect(getList).toHaveBeenCalledWith('message', expect.objectContaining({ pagination: { page: 1, perPage: 10 } }));
    await user.click(row);
    await waitFor(() => expect(location()).toBe(`/message/${room._id}`));
  });

  it('shows the last message, cut to two lines, in the compact rows of a phone', async () => {
    answerMediaQueries((query) => query.includes('max-width'));
    const listed = { ...room, id: room._id, last_message: 'Un très long dernier message qui ne tient pas sur un téléphone' };
    renderResource(rooms, '/message', { dataProvider: { getList: vi.fn(async () => ({ data: [listed], total: 1 })) } });
    const link = (await screen.findByText('Salon 2027')).closest('a') as HTMLElement;
    const lastMessage = within(link).getByText(listed.last_message);
    expect(lastMessage).toHaveAttribute('title', listed.last_message);
    expect(lastMessage).toHaveStyle({ overflow: 'hidden' });
    expect(link).toHaveTextContent('Seller: Agence Cèdre · Buyer: Maison Azur');
  });
});

describe('/message/{room_id}', () => {
  const conversation = [
    message('m1', { text: 'Bonjour', created_at: '2026-11-20T10:05:00' }),
    message('m2', { text: 'Réponse du lundi', sender_id: 'seller', sender_name: 'Agence Cèdre', created_at: '2026-11-20T11:00:00' }),
    message('m3', { text: 'Note admin', sender_id: ME.id, sender_role: 'admin', sender_name: 'Demo Admin', created_at: '2026-11-21T09:00:00' }),
    message('m4', { text: '<b>not bold</b>', created_at: '2026-11-21T09:30:00' }),
  ];

  it('shows the offer header and the messages grouped by day, own messages on the right, text never as HTML', async () => {
    renderResource(rooms, `/message/${room._id}`, { dataProvider: { getRoom: vi.fn(async () => ({ room, messages: conversation, has_more: false })) } });
    expect(await screen.findByRole('heading', { name: 'Salon 2027', level: 2 })).toBeInTheDocument();
    expect(screen.getByTestId('room-parties')).toHaveTextContent('Seller: Agence Cèdre · Buyer: Maison Azur');
    const friday = screen.getByRole('region', { name: /^Friday,? 20 November 2026$/ });
    const saturday = screen.getByRole('region', { name: /^Saturday,? 21 November 2026$/ });
    expect(
      within(friday)
        .getAllByTestId('message')
        .map((bubble) => bubble.textContent),
    ).toEqual([expect.stringContaining('Bonjour'), expect.stringContaining('Réponse du lundi')]);
    expect(within(saturday).getAllByTestId('message')).toHaveLength(2);
    expect(screen.getByText('Note admin').closest('[data-testid="message"]')).toHaveAttribute('data-own', 'true');
    expect(screen.getByText('Bonjour').closest('[data-testid="message"]')).toHaveAttribute('data-own', 'false');
    expect(screen.getByText('<b>not bold</b>')).toBeInTheDocument();
    expect(document.querySelector('[role="log"] b')).toBeNull();
  });

  it('sends with Enter (Shift+Enter is a new line), ignores blank input, and shows the stored message without reloading the room', async () => {
    const stored = message('a5', {
      text: 'Bonjour à tous\nbonne journée',
      sender_id: ME.id,
      sender_role: 'admin',
      sender_name: 'Demo Admin',
      created_at: '2026-11-21T10:00:00',
    });
    const sendAdminMessage = vi.fn(async () => stored);
    const getRoom = vi.fn(async () => ({ room, messages: conversation, has_more: false }));
    // The push is live, so nothing polls: any room read after the first would be the send reloading the room.
    const stream = openEventStream();
    const { user } = renderResource(rooms, `/message/${room._id}`, {
      dataProvider: { getRoom, sendAdminMessage, openRoomEvents: async () => stream.response },
    });
    const input = await screen.findByRole('textbox', { name: 'Message' });
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await user.type(input, '   ');
    expect(send).toBeDisabled();
    await user.type(input, '{Enter}');
    expect(sendAdminMessage).not.toHaveBeenCalled();
    await user.clear(input);
    await user.type(input, 'Bonjour à tous{Shift>}{Enter}{/Shift}bonne journée{Enter}');
    await waitFor(() =>
      expect(sendAdminMessage).toHaveBeenCalledWith({ text: 'Bonjour à tous\nbonne journée', room: room._id, sender_name: 'Demo Admin', sender_logo: null }),
    );
    expect(input).toHaveValue('');
    const bubble = await screen.findByText(/^Bonjour à tous/);
    await waitFor(() => expect(bubble.closest('[data-testid="message"]')).toHaveAttribute('data-status', 'sent'));
    expect(bubble.closest('[data-testid="message"]')).toHaveAttribute('data-own', 'true');
    expect(getRoom).toHaveBeenCalledTimes(1);
  });

  it('shows the code when sending fails and keeps the text', async () => {
    const { user } = renderResource(rooms, `/message/${room._id}`, {
      dataProvider: {
        getRoom: vi.fn(async () => ({ room, messages: [], has_more: false })),
        sendAdminMessage: vi.fn(async () => Promise.reject(new Error('NOT_FOUND'))),
      },
    });
    const input = await screen.findByRole('textbox', { name: 'Message' });
    await user.type(input, 'Perdu');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('NOT_FOUND')).toBeInTheDocument();
    expect(input).toHaveValue('Perdu');
  });
});
