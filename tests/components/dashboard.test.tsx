import { render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, type GetListParams } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import type { Dashboard as DashboardFigures } from '../../shared/contract/dashboard';
import { Dashboard, DashboardView } from '../../src/custom/dashboard/Dashboard';
import needResource from '../../src/resources/needs';
import { mockedDataProvider } from '../helpers/fakeProviders';
import { renderPage, renderResource } from '../helpers/renderScreen';

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
  credit_in_circulation: 1250,
  offers_by_domain: [
    { domain: 'Mobilier', count: 4 },
    { domain: null, count: 3 },
  ],
  needs_by_domain: [{ domain: 'Expert IA', count: 5 }],
  needs_by_urgency: [
    { emergency: 'Maintenant', count: 3 },
    { emergency: "Pas d'urgence", count: 2 },
  ],
  needs_by_status: [
    { status: 'en cours', count: 4 },
    { status: 'été traité', count: 1 },
  ],
  weeks: [
    week('2026-11-09', { companies: 2, users: 5, credited: 300 }),
    week('2026-11-16'),
    week('2026-11-23', { companies: 1, offers: 4, needs: 3, credited: 120, debited: 45.5 }),
  ],
  latest_rooms: [
    {
      _id: 'a00000000000000000000001',
      offer_title: 'Chaises design',
      seller_name: 'Atelier Lumière',
      buyer_name: null,
      created_at: '2026-11-20T09:00:00.000Z',
      last_activity_at: '2026-11-24T10:30:00.000Z',
      messages: 3,
    },
  ],
};

/** A list's address as react-admin writes it: the filter as JSON in the query. */
const filtered = (path: string, filter: Record<string, string>) => `${path}?filter=${encodeURIComponent(JSON.stringify(filter))}`;

const renderOverview = () => renderPage(Dashboard, '/', { dataProvider: { getDashboard: vi.fn(async () => dashboard) } });
const section = (name: string) => screen.getByRole('region', { name });
const cellsOf = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);
/** A figure link's name (its aria-label: the visible label and value, which the layout alone separates). */
const accessibleName = (link: HTMLElement) => link.getAttribute('aria-label');
const hrefOf = (link: HTMLElement) => link.getAttribute('href');
/** A text's words as axe's label-content-name-mismatch reads them: letters and digits, anything else a break. */
const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
/** Whether `part` is a run of consecutive words of `whole`. */
const holdsWords = (whole: string[], part: string[]) => whole.some((_, start) => part.every((word, index) => whole[start + index] === word));

describe('/ dashboard', () => {
  it('counters: each figure opens its list', async () => {
    renderOverview();
    expect(await screen.findByText('+1250 credit')).toBeInTheDocument();
    const counters: Array<[string, string]> = [
      ['Companies: 12', '/company?sort=created_at&order=DESC'],
      ['Users: 40', '/user'],
      ['Offers: 7', '/offer?sort=created_at&order=DESC'],
      ['Needs: 5', '/need?sort=created_at&order=DESC'],
      ['Rooms: 2', '/message'],
      ['Admins: 3', '/admin'],
      ['Credit in circulation: +1250 credit', '/company?sort=credit_balance&order=DESC'],
    ];
    for (const [name, to] of counters) expect(hrefOf(within(screen.getByRole('group', { name })).getByRole('link')), name).toBe(to);
  });

  it('new records per week: totals linking to the lists newest first, and every week as a table', async () => {
    renderOverview();
    await screen.findByRole('heading', { name: 'New records per week', level: 2 });
    const trends = section('New records per week');
    const totals = within(within(trends).getByRole('list', { name: 'New in the last 12 weeks' })).getAllByRole('link');
    expect(totals.map((link) => [accessibleName(link), hrefOf(link)])).toEqual([
      ['Companies: 3', '/company?sort=created_at&order=DESC'],
      ['Users: 5', '/user'],
      ['Offers: 4', '/offer?sort=created_at&order=DESC'],
      ['Needs: 3', '/need?sort=created_at&order=DESC'],
    ]);
    const table = within(trends).getByRole('table', { name: 'New records per week' });
    expect(within(table).getAllByRole('row').map(cellsOf)).toEqual([
      ['Week of', 'Companies', 'Users', 'Offers', 'Needs'],
      ['09/11/2026', '2', '5', '0', '0'],
      ['16/11/2026', '0', '0', '0', '0'],
      ['23/11/2026', '1', '0', '4', '3'],
    ]);
  });

  it('credit movements per week: credited and debited totals linking to the adjustments, every week as a table', async () => {
    renderOverview();
    const credit = await screen.findByRole('region', { name: 'Credit movements per week' });
    const totals = within(within(credit).getByRole('list', { name: 'Credit moved in the last 12 weeks' })).getAllByRole('link');
    const adjustments = filtered('/audit', { action: 'credit_adjustment' });
    expect(totals.map((link) => [accessibleName(link), hrefOf(link)])).toEqual([
      ['Credited: +420 credit', adjustments],
      ['Debited: -45.5 credit', adjustments],
    ]);
    const table = within(credit).getByRole('table', { name: 'Credit movements per week' });
    expect(within(table).getAllByRole('row').map(cellsOf)).toEqual([
      ['Week of', 'Credited', 'Debited'],
      ['09/11/2026', '300', '0'],
      ['16/11/2026', '0', '0'],
      ['23/11/2026', '120', '45.5'],
    ]);
  });

  it('needs by urgency and status, offers and needs by domain: each figure opens the filtered list', async () => {
    const { user, location } = renderOverview();
    const urgency = await screen.findByRole('region', { name: 'Needs by urgency' });
    const figures = (name: string) => within(within(section(name)).getByRole('list', { name })).getAllByRole('listitem');
    // A figure with a list is a link named 'label: value'; one without is plain text.
    const figureOf = (item: HTMLElement) => {
      const link = within(item).queryByRole('link');
      return link ? [accessibleName(link), hrefOf(link)] : [item.textContent, null];
    };
    expect(figures('Needs by urgency').map(figureOf)).toEqual([
      ['Maintenant: 3', filtered('/need', { emergency: 'Maintenant' })],
      ["Pas d'urgence: 2", filtered('/need', { emergency: "Pas d'urgence" })],
    ]);
    expect(figures('Needs by status').map(figureOf)).toEqual([
      ['en cours: 4', filtered('/need', { status: 'en cours' })],
      ['été traité: 1', filtered('/need', { status: 'été traité' })],
    ]);
    expect(figures('Offers by domain').map(figureOf)).toEqual([
      ['Mobilier: 4', filtered('/offer', { activity_domain: 'Mobilier' })],
      // No filter finds the rows without a domain: that figure links nowhere.
      ['Sans domaine 3', null],
    ]);
    expect(figures('Needs by domain').map(figureOf)).toEqual([['Expert IA: 5', filtered('/need', { activity_domain: 'Expert IA' })]]);
    await user.click(within(urgency).getByRole('link', { name: 'Maintenant: 3' }));
    expect(location()).toBe(filtered('/need', { emergency: 'Maintenant' }));
  });

  it('every labelled link and button: its name holds its visible text, word for word (WCAG 2.5.3, axe label-content-name-mismatch)', async () => {
    renderOverview();
    await screen.findByRole('region', { name: 'Needs by domain' });
    const labelled = screen
      .getAllByRole('link')
      .concat(screen.queryAllByRole('button'))
      .filter((element) => element.hasAttribute('aria-label'));
    // The figures of the four breakdowns and two trends, with a link each (the figure without a domain has none).
    expect(labelled).toHaveLength(12);
    for (const element of labelled) {
      const name = element.getAttribute('aria-label') ?? '';
      expect(holdsWords(wordsOf(name), wordsOf(element.textContent ?? '')), `"${element.textContent}" in "${name}"`).toBe(true);
    }
  });

  it('draws the charts (MUI X Charts) once their code has loaded, hidden from assistive technology', async () => {
    renderOverview();
    for (const name of ['New records per week', 'Credit movements per week', 'Needs by urgency', 'Needs by status', 'Offers by domain', 'Needs by domain']) {
      // The first chart waits for the chart library's module, compiled on first import: seconds on a busy machine.
      await waitFor(() => expect(section(name).querySelector('[aria-hidden] svg'), name).not.toBeNull(), { timeout: 15_000 });
    }
  });

  it('latest rooms: each opens its conversation, with its parties, messages and last activity', async () => {
    const { user, location } = renderOverview();
    const rooms = await screen.findByRole('region', { name: 'Latest rooms' });
    const room = within(rooms).getByRole('listitem');
    expect(room).toHaveTextContent('Atelier Lumière → — · 3 messages · last activity 24/11/2026, 10:30');
    await user.click(within(room).getByRole('link', { name: 'Chaises design' }));
    expect(location()).toBe('/message/a00000000000000000000001');
  });

  it('with an analytics URL: the full-height embed instead of the overview', () => {
    const getDashboard = vi.fn(async () => dashboard);
    render(
      <AdminContext dataProvider={mockedDataProvider({ getDashboard })}>
        <DashboardView analyticsUrl="https://analytics.example.com/public/board" />
      </AdminContext>,
    );
    expect(screen.getByTitle('Analytics')).toHaveAttribute('src', 'https://analytics.example.com/public/board');
    expect(screen.queryByRole('region')).toBeNull();
    expect(getDashboard).not.toHaveBeenCalled();
  });
});

describe('/need from a needs-by-status figure', () => {
  const lastFilter = (getList: ReturnType<typeof vi.fn>) => (getList.mock.calls.at(-1)?.[1] as GetListParams).filter;

  it('shows the Status filter with the linked value and asks for those needs only', async () => {
    const getList = vi.fn(async () => ({ data: [], total: 0 }));
    renderResource(needResource, filtered('/need', { status: 'été traité' }), { dataProvider: { getList } });
    expect(await screen.findByRole('combobox', { name: 'Status' })).toHaveTextContent('été traité');
    expect(lastFilter(getList)).toEqual({ status: 'été traité' });
  });

  it('without it, the list keeps its own filters only', async () => {
    const getList = vi.fn(async () => ({ data: [], total: 0 }));
    renderResource(needResource, '/need', { dataProvider: { getList } });
    expect(await screen.findByRole('combobox', { name: 'Urgency' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Status' })).toBeNull();
  });
});
