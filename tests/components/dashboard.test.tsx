import { render, screen, within } from '@testing-library/react';
import { AdminContext, testDataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { Dashboard, DashboardView } from '../../src/custom/dashboard/Dashboard';
import { renderPage } from '../helpers/renderScreen';

const dashboard = {
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
  credit_movements_per_week: [
    { week: '2026-11-09', credited: 300, debited: 0 },
    { week: '2026-11-16', credited: 120, debited: 45.5 },
  ],
};

describe('/ dashboard', () => {
  it('without an analytics URL: the native overview from the server figures', async () => {
    const getDashboard = vi.fn(async () => dashboard);
    renderPage(Dashboard, '/', { dataProvider: { getDashboard } });
    expect(await screen.findByText('+1250 credit')).toBeInTheDocument();
    for (const figure of ['Companies: 12', 'Users: 40', 'Offers: 7', 'Needs: 5', 'Rooms: 2', 'Admins: 3', 'Credit in circulation: +1250 credit']) {
      expect(screen.getByRole('group', { name: figure })).toBeInTheDocument();
    }
    expect(screen.getByRole('figure', { name: 'Offers by domain' })).toBeInTheDocument();
    expect(within(screen.getByRole('figure', { name: 'Offers by domain' })).getByLabelText('Mobilier: 4')).toBeInTheDocument();
    expect(within(screen.getByRole('figure', { name: 'Offers by domain' })).getByLabelText('Sans domaine: 3')).toBeInTheDocument();
    expect(within(screen.getByRole('figure', { name: 'Needs by urgency' })).getByLabelText('Maintenant: 3')).toBeInTheDocument();
    expect(within(screen.getByRole('figure', { name: 'Needs by domain' })).getByLabelText('Expert IA: 5')).toBeInTheDocument();
  });

  it('charts the credit movements of each week, credited against debited, oldest first', async () => {
    renderPage(Dashboard, '/', { dataProvider: { getDashboard: vi.fn(async () => dashboard) } });
    const chart = await screen.findByRole('figure', { name: 'Credit movements per week' });
    const weeks = within(chart).getAllByLabelText(/^Week of /);
    expect(weeks.map((week) => week.getAttribute('aria-label'))).toEqual([
      'Week of 09/11/2026: 300 credited, 0 debited',
      'Week of 16/11/2026: 120 credited, 45.5 debited',
    ]);
    expect(weeks[1]).toHaveTextContent('+120 / −45.5');
    // Both bars of every week share one scale: the largest movement of the period.
    const credited = within(weeks[1] as HTMLElement).getByRole('meter', { name: 'Credited' });
    const debited = within(weeks[1] as HTMLElement).getByRole('meter', { name: 'Debited' });
    expect([credited.getAttribute('aria-valuenow'), credited.getAttribute('aria-valuemax')]).toEqual(['120', '300']);
    expect([debited.getAttribute('aria-valuenow'), debited.getAttribute('aria-valuemax')]).toEqual(['45.5', '300']);
  });

  it('with an analytics URL: the full-height embed', () => {
    render(
      <AdminContext dataProvider={testDataProvider()}>
        <DashboardView analyticsUrl="https://analytics.example.com/public/board" />
      </AdminContext>,
    );
    expect(screen.getByTitle('Analytics')).toHaveAttribute('src', 'https://analytics.example.com/public/board');
  });
});
