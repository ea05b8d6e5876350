import { screen, waitFor, within } from '@testing-library/react';
import type { GetListParams } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import admins from '../../src/resources/admins';
import companies from '../../src/resources/companies';
import userResource from '../../src/resources/users';
import { buildAdmin, buildCompany, buildUser } from '../helpers/builders';
import { answerMediaQueries } from '../helpers/mediaQueries';
import { renderResource } from '../helpers/renderScreen';

afterEach(() => vi.restoreAllMocks());

/** A phone held upright: every `max-width` media query matches (MUI's `down('sm')` is one), no `min-width` one. */
function onPhone() {
  answerMediaQueries((query) => query.includes('max-width'));
}

const lastListCall = (getList: ReturnType<typeof vi.fn>) => getList.mock.calls.at(-1)?.[1] as GetListParams;

const azur = buildCompany({
  name: 'Azur Logo',
  credit_balance: 250,
  activity_domain: 'Mobilier',
  sub_activity_domain: 'Rangement',
  postal_code: '44000',
  city: 'Nantes',
  country: 'France',
  created_at: '2026-11-21T10:00:00Z',
});

describe('lists on a phone and on a large screen', () => {
  it('shows a table of the columns on a large screen', async () => {
    renderResource(companies, '/company', { dataProvider: { getList: vi.fn(async () => ({ data: [azur], total: 1 })) } });
    const row = (await screen.findByText('Azur Logo')).closest('tr') as HTMLElement;
    expect(within(row).getByText('+250 credit')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Sort by name/ })).toBeInTheDocument();
    expect(screen.queryByTestId('compact-list')).not.toBeInTheDocument();
  });

  it('shows one compact row per record on a phone: a link to the record with every column in its text', async () => {
    onPhone();
    renderResource(companies, '/company', { dataProvider: { getList: vi.fn(async () => ({ data: [azur], total: 1 })) } });
    const link = (await screen.findByText('Azur Logo')).closest('a') as HTMLElement;
    expect(link).toHaveAttribute('href', `/company/${azur.id}`);
    for (const text of ['+250 credit', 'Mobilier · Rangement', '44000 Nantes · France', '21 novembre 2026']) {
      expect(link).toHaveTextContent(text);
    }
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByTestId('compact-list')).toBeInTheDocument();
    // Search, filters, reset, create and the paginator stay.
    expect(screen.getByPlaceholderText('Search')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Activity domain' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset filters' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create' })).toBeInTheDocument();
    expect(screen.getByLabelText('Current page')).toHaveTextContent('1 / 1');
  });

  it("keeps the list's own empty text on a phone", async () => {
    onPhone();
    renderResource(companies, '/company', { dataProvider: { getList: vi.fn(async () => ({ data: [], total: 0 })) } });
    expect(await screen.findByText("Aucune candidature n'a été trouvé")).toBeInTheDocument();
    expect(screen.getByText('No data found')).toBeInTheDocument();
  });

  it('sorts from a menu of the sortable columns on a phone, by the same rule as the headers', async () => {
    onPhone();
    const getList = vi.fn(async () => ({ data: [azur], total: 1 }));
    const { user } = renderResource(companies, '/company', { dataProvider: { getList } });
    await screen.findByText('Azur Logo');
    await user.click(await screen.findByRole('button', { name: 'Sort by Created at, descending' }));
    const choices = within(await screen.findByRole('menu')).getAllByRole('menuitem');
    expect(choices.map((choice) => choice.textContent)).toEqual(['Name', 'Balance', 'Domain', 'Sub-domain', 'City', 'Created at']);
    await user.click(screen.getByRole('menuitem', { name: 'Balance' }));
    await waitFor(() => expect(lastListCall(getList).sort).toEqual({ field: 'credit_balance', order: 'ASC' }));
    await user.click(await screen.findByRole('button', { name: 'Sort by Balance, ascending' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Balance' }));
    await waitFor(() => expect(lastListCall(getList).sort).toEqual({ field: 'credit_balance', order: 'DESC' }));
  });

  it('has no sort menu where the table has no sortable column', async () => {
    onPhone();
    renderResource(admins, '/admin', { dataProvider: { getList: vi.fn(async () => ({ data: [buildAdmin({ name: 'Ada' })], total: 1 })) } });
    expect((await screen.findByText('Ada')).closest('a')).toHaveAttribute('href', expect.stringMatching(/^\/admin\//));
    expect(screen.queryByRole('button', { name: /^Sort by/ })).not.toBeInTheDocument();
  });

  it("keeps 'Login as' on a phone, beside the row's link rather than inside it", async () => {
    onPhone();
    const target = buildUser({ name: 'Nina Blanc', email: 'nina@example.com', organisation_name: 'Studio Jade' });
    renderResource(userResource, '/user', { dataProvider: { getList: vi.fn(async () => ({ data: [target], total: 1 })) } });
    const link = (await screen.findByText('Nina Blanc')).closest('a') as HTMLElement;
    expect(link).toHaveAttribute('href', `/user/${target.id}`);
    expect(link).toHaveTextContent('nina@example.com · Studio Jade');
    const loginAs = screen.getByRole('button', { name: 'Login as' });
    expect(loginAs.closest('a')).toBeNull();
    expect(loginAs.closest('li')).toBe(link.closest('li'));
  });
});
