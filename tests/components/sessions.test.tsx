import { act, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, memoryStore } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionsSection } from '../../src/custom/account/SessionsSection';
import { SessionTimeoutWarning } from '../../src/custom/layout/SessionTimeoutWarning';
import { OPENING_SCREEN_FALLBACK_MS } from '../../src/custom/layout/useOpeningScreenSettled';
import { createActivityClock } from '../../src/providers/activity';
import admins from '../../src/resources/admins';
import type { AdminSession } from '../../shared/contract/sessions';
import { buildAdmin } from '../helpers/builders';
import { fakeAuthProvider, mockedDataProvider, signedInAs } from '../helpers/fakeProviders';
import { renderPage, renderResource } from '../helpers/renderScreen';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const SESSIONS: AdminSession[] = [
  { _id: 'a00000000000000000000001', created_at: minutesAgo(90), last_seen_at: minutesAgo(0), ip: '10.0.0.1', browser: 'Chrome 131 on Linux', current: true },
  {
    _id: 'a00000000000000000000002',
    created_at: minutesAgo(300),
    last_seen_at: minutesAgo(5),
    ip: '10.0.0.2',
    browser: 'Firefox 133 on Windows',
    current: false,
  },
];
const answer = (data = SESSIONS) => ({ ok: true, data, idle_minutes: 60 });

describe('the Sessions section', () => {
  it("lists browser, address and last use, marks 'This session', and signs out another one", async () => {
    const listSessions = vi.fn(async () => answer());
    const revokeSession = vi.fn(async () => undefined);
    const { user } = renderPage(() => <SessionsSection />, '/account', { dataProvider: { listSessions, revokeSession } });
    const chrome = (await screen.findByText('Chrome 131 on Linux')).closest('tr') as HTMLElement;
    expect(within(chrome).getByText('This session')).toBeInTheDocument();
    expect(within(chrome).queryByRole('button', { name: /Sign out/ })).not.toBeInTheDocument();
    const firefox = screen.getByText('Firefox 133 on Windows').closest('tr') as HTMLElement;
    expect(within(firefox).getByText('10.0.0.2')).toBeInTheDocument();
    expect(within(firefox).getByText('5 minutes ago')).toBeInTheDocument();
    expect(within(firefox).queryByText('This session')).not.toBeInTheDocument();
    await user.click(within(firefox).getByRole('button', { name: /Sign out/ }));
    await waitFor(() => expect(revokeSession).toHaveBeenCalledWith('a00000000000000000000002', undefined));
    expect(await screen.findByText('Session signed out')).toBeInTheDocument();
    await waitFor(() => expect(listSessions).toHaveBeenCalledTimes(2));
  });

  it("'Sign out other sessions' ends all but this one; it is not offered when there is no other", async () => {
    const revokeOtherSessions = vi.fn(async () => undefined);
    const { user } = renderPage(() => <SessionsSection />, '/account', { dataProvider: { listSessions: async () => answer(), revokeOtherSessions } });
    await user.click(await screen.findByRole('button', { name: 'Sign out other sessions' }));
    await waitFor(() => expect(revokeOtherSessions).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('Other sessions signed out')).toBeInTheDocument();
  });

  it('offers no sign-out of others when this is the only session', async () => {
    renderPage(() => <SessionsSection />, '/account', { dataProvider: { listSessions: async () => answer(SESSIONS.slice(0, 1)) } });
    expect(await screen.findByText('Chrome 131 on Linux')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out other sessions' })).not.toBeInTheDocument();
  });
});

describe("an admin's record page", () => {
  const admin = buildAdmin({ name: 'Edith', email: 'edith@example.com' });
  const dataProvider = (listSessions = vi.fn(async () => answer(SESSIONS.map((session) => ({ ...session, current: false }))))) => ({
    getOne: vi.fn(async () => ({ data: admin })),
    getList: vi.fn(async () => ({ data: [admin], total: 1 })),
    listSessions,
    revokeSession: vi.fn(async () => undefined),
  });

  it("shows an owner the admin's sessions, each with 'Sign out'", async () => {
    const data = dataProvider();
    const { user } = renderResource(admins, `/admin/${admin.id}`, { dataProvider: data, authProvider: fakeAuthProvider(signedInAs('owner')) });
    await user.click(await screen.findByRole('tab', { name: 'Sessions' }));
    const chrome = (await screen.findByText('Chrome 131 on Linux')).closest('tr') as HTMLElement;
    await user.click(within(chrome).getByRole('button', { name: /Sign out/ }));
    await waitFor(() => expect(data.revokeSession).toHaveBeenCalledWith('a00000000000000000000001', admin.id));
    expect(data.listSessions).toHaveBeenCalledWith(admin.id);
    expect(screen.queryByRole('button', { name: 'Sign out other sessions' })).not.toBeInTheDocument();
  });

  it('has no Sessions tab for any other role', async () => {
    const data = dataProvider();
    renderResource(admins, `/admin/${admin.id}`, { dataProvider: data, authProvider: fakeAuthProvider(signedInAs('support')) });
    expect(await screen.findByRole('tab', { name: 'Raw Data' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Sessions' })).not.toBeInTheDocument();
    expect(data.listSessions).not.toHaveBeenCalled();
  });
});

describe('the idle timeout warning', () => {
  afterEach(() => vi.useRealTimers());

  /** The layout's warning alone, with a clock of its own and no shared storage. */
  function renderWarning(listSessions: () => Promise<unknown>, clock = createActivityClock(Date.now, null)) {
    const authProvider = fakeAuthProvider();
    render(
      <MemoryRouter>
        <AdminContext dataProvider={mockedDataProvider({ listSessions })} authProvider={authProvider} store={memoryStore()}>
          <SessionTimeoutWarning clock={clock} />
        </AdminContext>
      </MemoryRouter>,
    );
    return { clock, authProvider };
  }
  const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

  it("warns a minute before, and 'Stay signed in' makes a call that starts the idle time again", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const clock = createActivityClock(Date.now, null);
    // As the console's httpClient does for every call made with a session.
    const listSessions = vi.fn(async () => {
      clock.note('/admin/sessions');
      return { ok: true, data: [], idle_minutes: 2 };
    });
    const { authProvider } = renderWarning(listSessions, clock);
    // The idle time is asked once the opening screen is settled (here after the fallback): the session's clock starts there.
    await advance(OPENING_SCREEN_FALLBACK_MS);
    await advance(50_000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await advance(20_000);
    const dialog = screen.getByRole('dialog', { name: 'Still there?' });
    expect(within(dialog).getByText(/You will be signed out in 5\d seconds/)).toBeInTheDocument();
    act(() => within(dialog).getByRole('button', { name: 'Stay signed in' }).click());
    await advance(30_000);
    expect(listSessions).toHaveBeenCalledTimes(2);
    // The dialog's exit transition runs on the next timers.
    await advance(1_000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Past the first deadline (120 s), not past the new one (70 s + 120 s).
    await advance(60_000);
    expect(authProvider.logout).not.toHaveBeenCalled();
    await advance(35_000);
    expect(authProvider.logout).toHaveBeenCalledTimes(1);
  });

  it('asks for the idle time only once the opening screen has its data (here, a screen without any: after the fallback)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const listSessions = vi.fn(async () => ({ ok: true, data: [], idle_minutes: 2 }));
    renderWarning(listSessions);
    await advance(OPENING_SCREEN_FALLBACK_MS - 100);
    expect(listSessions).not.toHaveBeenCalled();
    await advance(200);
    expect(listSessions).toHaveBeenCalledTimes(1);
  });

  it('signs out to /auth at the timeout, once', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const { authProvider } = renderWarning(async () => ({ ok: true, data: [], idle_minutes: 2 }));
    await advance(119_000);
    expect(authProvider.logout).not.toHaveBeenCalled();
    await advance(2_000);
    await advance(5_000);
    expect(authProvider.logout).toHaveBeenCalledTimes(1);
  });

  it('counts an API call as activity, but not a presence heartbeat', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const { clock, authProvider } = renderWarning(async () => ({ ok: true, data: [], idle_minutes: 2 }));
    await advance(100_000);
    clock.note('/presence');
    await advance(21_000);
    expect(authProvider.logout).toHaveBeenCalledTimes(1);
    const other = createActivityClock(Date.now, null);
    const before = other.last();
    await advance(1_000);
    other.note('/company/search');
    expect(other.last()).toBeGreaterThan(before);
  });
});
