import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../shared/catalogue/permissions';
import type { Dashboard as DashboardFigures } from '../../shared/contract/dashboard';
import type { DashboardTodo } from '../../shared/contract/dashboardTodo';
import { todoFiguresOf } from '../../server/lib/dashboardTodo';
import { Dashboard } from '../../src/custom/dashboard/Dashboard';
import { compactTick, labelAxisWidth, MAX_LABEL_AXIS_PX } from '../../src/custom/dashboard/format';
import { formatCredit, groupDigits } from '../../src/custom/product';
import { fakeAuthProvider, ME, signedInAs } from '../helpers/fakeProviders';
import { renderPage } from '../helpers/renderScreen';

// Issue 40, item 10: what waits for the signed-in admin comes first, as their role may see it; credits grouped, axes whole.
// Thousands are grouped with a narrow no-break space (U+202F).

const week = (day: string, figures: Partial<DashboardFigures['weeks'][number]> = {}) => ({
  week: day,
  companies: 0,
  users: 0,
  offers: 0,
  needs: 0,
  credited: 0,
  debited: 0,
  ...figures,
});

const dashboard: DashboardFigures = {
  counts: { admins: 3, users: 40, companies: 12, offers: 7, needs: 5, rooms: 2 },
  credit_in_circulation: 357405,
  offers_by_domain: [{ domain: 'Séminaires Hôtels Voyages', count: 4 }],
  needs_by_domain: [],
  needs_by_urgency: [],
  needs_by_status: [],
  weeks: [week('2026-11-16', { credited: 60000 }), week('2026-11-23', { credited: 12500.5, debited: 2000 })],
  latest_rooms: [],
};

const SINCE = '2026-11-20T08:00:00.000Z';

/** The server's answer for an admin of `role`: each figure where the permission table lets the role list it, else null. */
function todoFor(role: Role): DashboardTodo {
  const shown = todoFiguresOf(role);
  return {
    approvals_to_decide: shown.approvals ? 2 : null,
    my_decided_requests: shown.mine ? { approved: 1, rejected: 1, expired: 0 } : null,
    rooms_awaiting_reply: shown.rooms ? 4 : null,
    invited_users: shown.invited ? 12345 : null,
    since: SINCE,
  };
}

function renderAs(role: Role, todo: Partial<DashboardTodo> = {}) {
  const getDashboardTodo = vi.fn(async () => ({ ...todoFor(role), ...todo }));
  const getDashboard = vi.fn(async () => dashboard);
  const view = renderPage(Dashboard, '/', { dataProvider: { getDashboard, getDashboardTodo }, authProvider: fakeAuthProvider(signedInAs(role)) });
  return { ...view, getDashboardTodo };
}

const todoRegion = () => screen.findByRole('region', { name: 'Waiting for you' });
const figureNames = (region: HTMLElement) =>
  within(region)
    .queryAllByRole('group')
    .map((group) => group.getAttribute('aria-label'));
const hrefIn = (region: HTMLElement, name: string) => within(within(region).getByRole('group', { name })).getByRole('link').getAttribute('href');
const filtered = (path: string, filter: Record<string, string | boolean>) => `${path}?filter=${encodeURIComponent(JSON.stringify(filter))}`;

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('/ dashboard: what waits for the admin', () => {
  it('finance: approvals to decide first, above the charts, opening the pending requests', async () => {
    const { user, location } = renderAs('finance');
    const todo = await todoRegion();
    await within(todo).findByRole('group', { name: 'Approvals to decide: 2' });
    expect(figureNames(todo)).toEqual([
      'Approvals to decide: 2',
      'My requests decided: 2',
      'Rooms awaiting a reply: 4',
      'Users invited, not signed up: 12\u202f345',
    ]);
    // Before the figures and charts in the page's order.
    const charts = await screen.findByRole('region', { name: 'Credit movements per week' });
    expect(todo.compareDocumentPosition(charts) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.click(within(within(todo).getByRole('group', { name: 'Approvals to decide: 2' })).getByRole('link'));
    expect(location()).toBe(filtered('/approvals', { status: 'pending' }));
  });

  it('support: no approvals nor requests of theirs (their role may not approve nor request); rooms and invited users, each opening its list narrowed to them', async () => {
    renderAs('support');
    const todo = await todoRegion();
    await within(todo).findByRole('group', { name: 'Rooms awaiting a reply: 4' });
    expect(figureNames(todo)).toEqual(['Rooms awaiting a reply: 4', 'Users invited, not signed up: 12\u202f345']);
    expect(within(todo).queryByText('Approvals to decide')).toBeNull();
    expect(hrefIn(todo, 'Rooms awaiting a reply: 4')).toBe(filtered('/message', { awaiting_reply: true }));
    expect(hrefIn(todo, 'Users invited, not signed up: 12\u202f345')).toBe(filtered('/user', { invited_not_signed_in: true }));
  });

  it('a requester: their requests decided since their last visit, by outcome, opening their own requests; this visit becomes the next one’s', async () => {
    window.localStorage.setItem(`dashboard.lastVisit.${ME.id}`, SINCE);
    const { getDashboardTodo } = renderAs('operations');
    const todo = await todoRegion();
    const decided = await within(todo).findByRole('group', { name: 'My requests decided: 2' });
    expect(getDashboardTodo).toHaveBeenCalledWith(SINCE);
    expect(decided).toHaveTextContent('1 approved · 1 rejected since your last visit');
    expect(hrefIn(todo, 'My requests decided: 2')).toBe(filtered('/approvals', { requested_by: ME.id }));
    expect(figureNames(todo)).not.toContain('Approvals to decide: 2');
    const stored = window.localStorage.getItem(`dashboard.lastVisit.${ME.id}`);
    expect(Date.parse(stored ?? '')).toBeGreaterThan(Date.parse(SINCE));
  });

  it('one outcome opens its tab; the first visit counts the last 7 days', async () => {
    const { getDashboardTodo } = renderAs('operations', { my_decided_requests: { approved: 0, rejected: 3, expired: 0 } });
    const todo = await todoRegion();
    const decided = await within(todo).findByRole('group', { name: 'My requests decided: 3' });
    expect(getDashboardTodo).toHaveBeenCalledWith(undefined);
    expect(decided).toHaveTextContent('3 rejected in the last 7 days');
    expect(hrefIn(todo, 'My requests decided: 3')).toBe(filtered('/approvals', { requested_by: ME.id, status: 'rejected' }));
  });

  it('the last visit read in a tab stays for the tab: back on the dashboard, the same figure', async () => {
    window.localStorage.setItem(`dashboard.lastVisit.${ME.id}`, SINCE);
    const first = renderAs('operations');
    await within(await todoRegion()).findByRole('group', { name: 'My requests decided: 2' });
    first.unmount();
    const again = renderAs('operations');
    await within(await todoRegion()).findByRole('group', { name: 'My requests decided: 2' });
    expect(again.getDashboardTodo).toHaveBeenCalledWith(SINCE);
  });

  it('when the to-do cannot be read, the charts show all the same', async () => {
    const getDashboardTodo = vi.fn(async () => {
      throw new Error('down');
    });
    renderPage(Dashboard, '/', { dataProvider: { getDashboard: vi.fn(async () => dashboard), getDashboardTodo } });
    await screen.findByRole('region', { name: 'Credit movements per week' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Waiting for you' })).toBeNull());
  });
});

describe('/ dashboard: credits grouped, axes whole', () => {
  it('credit figures in thousands; four digits stay whole', async () => {
    renderAs('owner');
    expect(await screen.findByRole('group', { name: 'Credit in circulation: +357\u202f405 credit' })).toBeInTheDocument();
    const movements = screen.getByRole('list', { name: 'Credit moved in the last 12 weeks' });
    expect(within(movements).getByRole('link', { name: 'Credited: +72\u202f500.5 credit' })).toBeInTheDocument();
    expect(within(movements).getByRole('link', { name: 'Debited: -2000 credit' })).toBeInTheDocument();
    expect(groupDigits(-1234567.25)).toBe('-1\u202f234\u202f567.25');
    expect(formatCredit(0)).toBe('0 credit');
  });

  it('value ticks compact ("60K", not "60,0…"); a category axis as wide as its longest label, within bounds', async () => {
    expect([compactTick(60000), compactTick(1250000), compactTick(950), compactTick(-12500)]).toEqual(['60K', '1.3M', '950', '-12.5K']);
    expect(labelAxisWidth(['Séminaires Hôtels Voyages'])).toBeGreaterThanOrEqual(25 * 7);
    expect(labelAxisWidth(['x'.repeat(80)])).toBe(MAX_LABEL_AXIS_PX);
    renderAs('owner');
    const credit = await screen.findByRole('region', { name: 'Credit movements per week' });
    await waitFor(() => expect(credit.querySelector('[aria-hidden] svg')).not.toBeNull(), { timeout: 15_000 });
    const ticks = [...credit.querySelectorAll('svg text')].map((text) => text.textContent);
    expect(ticks).toContain('60K');
    expect(ticks.join(' ')).not.toMatch(/\d{2},\d/);
  });
});
