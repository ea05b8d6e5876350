import { screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROOM_POLL_MS, useRoomEvents } from '../../src/custom/chat/useRoomEvents';
import { renderRoutes } from '../helpers/renderScreen';
import { buildRoomMessage, openEventStream } from '../helpers/rooms';

const received: string[] = [];
const Probe = ({ poll }: { poll: () => void }) => {
  const { live } = useRoomEvents('room-1', { lastMessageId: 'held-1', onMessage: (m) => received.push(m.text), poll });
  return <span data-testid="live">{String(live)}</span>;
};

afterEach(() => {
  received.length = 0;
  vi.useRealTimers();
});

describe('useRoomEvents', () => {
  it('opens the room stream after the last message held, hands its messages over, and is live (no polling)', async () => {
    const stream = openEventStream();
    const openRoomEvents = vi.fn(async () => stream.response);
    const poll = vi.fn();
    renderRoutes('/message/room-1', <Route path="/message/:id" element={<Probe poll={poll} />} />, { dataProvider: { openRoomEvents } });
    await waitFor(() => expect(screen.getByTestId('live').textContent).toBe('true'));
    expect(openRoomEvents).toHaveBeenCalledWith('room-1', 'held-1', expect.any(AbortSignal));
    stream.send(`: ping\n\nevent: message\nid: m1\ndata: ${JSON.stringify(buildRoomMessage('m1', { text: 'Bonjour' }))}\n\n`);
    await waitFor(() => expect(received).toEqual(['Bonjour']));
    expect(poll).not.toHaveBeenCalled();
  });

  it('refused (the push is unavailable): not live, and polls every few seconds instead', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const openRoomEvents = vi.fn(async () => new Response('{"ok":false,"code":"NOT_FOUND"}', { status: 404 }));
    const poll = vi.fn();
    renderRoutes('/message/room-1', <Route path="/message/:id" element={<Probe poll={poll} />} />, { dataProvider: { openRoomEvents } });
    await waitFor(() => expect(openRoomEvents).toHaveBeenCalledTimes(1));
    expect(screen.getByTestId('live').textContent).toBe('false');
    await vi.advanceTimersByTimeAsync(ROOM_POLL_MS * 2);
    expect(poll).toHaveBeenCalledTimes(2);
    expect(openRoomEvents).toHaveBeenCalledTimes(1);
  });
});
