import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RoomMessage } from '../../shared/contract/rooms';
import { ROOM_POLL_MS } from '../../src/custom/chat/useRoomEvents';
import rooms from '../../src/resources/messages';
import { BUBBLE_PX, LOG_PX, fakeLogLayout } from '../helpers/fakeLogLayout';
import { ME } from '../helpers/fakeProviders';
import { renderResource } from '../helpers/renderScreen';
import { buildRoom, buildRoomMessage, openEventStream } from '../helpers/rooms';

const room = buildRoom();
const path = `/message/${room._id}`;
/** Message number `n`: a minute after message n-1, ids in the same order. */
const numbered = (n: number) => {
  const nn = String(n).padStart(3, '0');
  return buildRoomMessage(`m${nn}`, { text: `Message ${n}`, created_at: `2026-11-20T10:${nn.slice(1)}:00` });
};
/** `count` numbered messages ending with number `last`. */
const messagesUpTo = (last: number, count: number): RoomMessage[] => Array.from({ length: count }, (_, index) => numbered(last - count + 1 + index));
const page = (messages: RoomMessage[], has_more = false) => ({ room, messages, has_more });
const mine = (id: string, text: string) =>
  buildRoomMessage(id, { text, sender_id: ME.id, sender_role: 'admin', sender_name: 'Demo Admin', created_at: '2026-11-20T11:00:00' });
const bubbles = () => within(screen.getByRole('log', { name: 'Messages' })).queryAllByTestId('message');
const bubbleOf = (text: string) => screen.getByText(text).closest('[data-testid="message"]');
const refused = async () => new Response('{"ok":false,"code":"NOT_FOUND"}', { status: 404 });

let restoreLayout: (() => void) | undefined;
afterEach(() => {
  restoreLayout?.();
  restoreLayout = undefined;
  vi.useRealTimers();
});

describe('/message/{room_id}, live', () => {
  it('appends pushed messages without reloading the room, once each', async () => {
    const stream = openEventStream();
    const openRoomEvents = vi.fn(async () => stream.response);
    const getRoom = vi.fn(async () => page(messagesUpTo(3, 3)));
    renderResource(rooms, path, { dataProvider: { getRoom, openRoomEvents } });
    await screen.findByText('Message 3');
    await waitFor(() => expect(openRoomEvents).toHaveBeenCalledWith(room._id, 'm003', expect.any(AbortSignal)));
    stream.message(numbered(4));
    stream.message(numbered(4));
    stream.message(numbered(3));
    expect(await screen.findByText('Message 4')).toBeInTheDocument();
    expect(bubbles().map((bubble) => within(bubble).getByText(/^Message/).textContent)).toEqual(['Message 1', 'Message 2', 'Message 3', 'Message 4']);
    expect(getRoom).toHaveBeenCalledTimes(1);
  });

  it('polls the newest page only when the push is refused, and merges it without duplicates', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let latest = messagesUpTo(3, 3);
    const getRoom = vi.fn(async (_id: string, _paging?: { before?: string }) => page(latest, true));
    renderResource(rooms, path, { dataProvider: { getRoom, openRoomEvents: refused } });
    await screen.findByText('Message 3');
    latest = messagesUpTo(5, 3);
    await act(() => vi.advanceTimersByTimeAsync(ROOM_POLL_MS));
    expect(await screen.findByText('Message 5')).toBeInTheDocument();
    expect(bubbles()).toHaveLength(5);
    await act(() => vi.advanceTimersByTimeAsync(ROOM_POLL_MS));
    expect(bubbles()).toHaveLength(5);
    // Every read is of the latest page: no growing reload, no paging back.
    expect(getRoom.mock.calls.length).toBeGreaterThanOrEqual(3);
    expect(getRoom.mock.calls.filter(([, paging]) => paging?.before)).toEqual([]);
  });

  it('shows the admin’s message at once as "Sending…", then as sent, once, even when the push brings it first', async () => {
    const stream = openEventStream();
    let confirm: (message: RoomMessage) => void = () => undefined;
    const sendAdminMessage = vi.fn(() => new Promise<RoomMessage>((resolve) => (confirm = resolve)));
    const { user } = renderResource(rooms, path, {
      dataProvider: { getRoom: vi.fn(async () => page(messagesUpTo(1, 1))), openRoomEvents: async () => stream.response, sendAdminMessage },
    });
    const input = await screen.findByRole('textbox', { name: 'Message' });
    await user.type(input, 'Tout de suite{Enter}');
    expect(input).toHaveValue('');
    expect(bubbleOf('Tout de suite')).toHaveAttribute('data-status', 'sending');
    expect(within(bubbleOf('Tout de suite') as HTMLElement).getByText(/Sending…/)).toBeInTheDocument();
    const stored = mine('a01', 'Tout de suite');
    stream.message(stored);
    await waitFor(() => expect(bubbleOf('Tout de suite')).toHaveAttribute('data-status', 'sent'));
    act(() => confirm(stored));
    await waitFor(() => expect(sendAdminMessage).toHaveBeenCalledTimes(1));
    expect(screen.getAllByText('Tout de suite')).toHaveLength(1);

    await user.type(input, 'Encore{Enter}');
    expect(bubbleOf('Encore')).toHaveAttribute('data-status', 'sending');
    act(() => confirm(mine('a02', 'Encore')));
    await waitFor(() => expect(bubbleOf('Encore')).toHaveAttribute('data-status', 'sent'));
    stream.message(mine('a02', 'Encore'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByText('Encore')).toHaveLength(1);
    expect(bubbles()).toHaveLength(3);
  });

  it('marks a message that could not be sent "Not sent", keeps its text, and Retry sends it again', async () => {
    const sendAdminMessage = vi
      .fn<() => Promise<RoomMessage>>()
      .mockRejectedValueOnce(new Error('NETWORK_DOWN'))
      .mockResolvedValueOnce(mine('a01', 'Perdu puis retrouvé'));
    const { user } = renderResource(rooms, path, { dataProvider: { getRoom: vi.fn(async () => page([])), openRoomEvents: refused, sendAdminMessage } });
    const input = await screen.findByRole('textbox', { name: 'Message' });
    await user.type(input, 'Perdu puis retrouvé{Enter}');
    const failed = await screen.findByText('Not sent');
    const bubble = failed.closest('[data-testid="message"]') as HTMLElement;
    expect(bubble).toHaveAttribute('data-status', 'failed');
    expect(within(bubble).getByText('Perdu puis retrouvé')).toBeInTheDocument();
    expect(input).toHaveValue('Perdu puis retrouvé');
    await user.click(within(bubble).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(bubbleOf('Perdu puis retrouvé')).toHaveAttribute('data-status', 'sent'));
    expect(sendAdminMessage).toHaveBeenCalledTimes(2);
    expect(screen.queryByText('Not sent')).toBeNull();
    expect(bubbles()).toHaveLength(1);
    // The text given back to the input was the retried one: it is not left there to be sent twice.
    expect(input).toHaveValue('');
  });
});

describe('/message/{room_id}, scrolling', () => {
  it('follows new messages at the bottom; scrolled up, shows "New messages" instead, which goes down; an own send always goes down', async () => {
    restoreLayout = fakeLogLayout();
    const stream = openEventStream();
    const { user } = renderResource(rooms, path, {
      dataProvider: {
        getRoom: vi.fn(async () => page(messagesUpTo(10, 10))),
        openRoomEvents: async () => stream.response,
        sendAdminMessage: vi.fn(async () => mine('a01', 'Je regarde')),
      },
    });
    await screen.findByText('Message 10');
    const log = screen.getByRole('log', { name: 'Messages' });
    const bottom = () => log.scrollHeight - LOG_PX;
    expect(log.scrollTop).toBe(bottom());

    stream.message(numbered(11));
    await screen.findByText('Message 11');
    expect(log.scrollTop).toBe(bottom());
    expect(screen.queryByRole('button', { name: 'New messages' })).toBeNull();

    // The admin scrolls up to read: a new message does not move the log.
    log.scrollTop = 2 * BUBBLE_PX;
    fireEvent.scroll(log);
    stream.message(numbered(12));
    await screen.findByText('Message 12');
    expect(log.scrollTop).toBe(2 * BUBBLE_PX);
    await user.click(screen.getByRole('button', { name: 'New messages' }));
    expect(log.scrollTop).toBe(bottom());
    expect(screen.queryByRole('button', { name: 'New messages' })).toBeNull();

    log.scrollTop = BUBBLE_PX;
    fireEvent.scroll(log);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Je regarde{Enter}');
    expect(log.scrollTop).toBe(bottom());
    await waitFor(() => expect(bubbleOf('Je regarde')).toHaveAttribute('data-status', 'sent'));
    expect(screen.queryByRole('button', { name: 'New messages' })).toBeNull();
  });

  it('loads older messages at the top (or with its button) before the oldest held, keeps the view in place, and stops when there are no more', async () => {
    restoreLayout = fakeLogLayout();
    const getRoom = vi.fn(async (_id: string, { before }: { before?: string } = {}) => {
      if (!before) return page(messagesUpTo(30, 10), true);
      return before === 'm021' ? page(messagesUpTo(20, 10), true) : page(messagesUpTo(10, 10), false);
    });
    const { user } = renderResource(rooms, path, { dataProvider: { getRoom, openRoomEvents: refused } });
    await screen.findByText('Message 30');
    const log = screen.getByRole('log', { name: 'Messages' });

    // Scrolled to the top: the page before the oldest held goes on top; what was on screen stays there.
    log.scrollTop = 0;
    fireEvent.scroll(log);
    await screen.findByText('Message 11');
    expect(getRoom).toHaveBeenLastCalledWith(room._id, { before: 'm021' });
    expect(log.scrollTop).toBe(10 * BUBBLE_PX);
    expect(bubbles()).toHaveLength(20);
    expect(within(bubbles()[0] as HTMLElement).getByText('Message 11')).toBeInTheDocument();

    // The keyboard's way: the button.
    await user.click(screen.getByRole('button', { name: 'Load older messages' }));
    await screen.findByText('Message 1');
    expect(getRoom).toHaveBeenLastCalledWith(room._id, { before: 'm011' });
    expect(bubbles()).toHaveLength(30);

    // No more: no button, and the top asks nothing.
    expect(screen.queryByRole('button', { name: 'Load older messages' })).toBeNull();
    const reads = getRoom.mock.calls.length;
    log.scrollTop = 0;
    fireEvent.scroll(log);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(getRoom).toHaveBeenCalledTimes(reads);
  });
});
