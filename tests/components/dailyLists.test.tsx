import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GetListParams } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionsSection } from '../../src/custom/account/SessionsSection';
import { AuditPage } from '../../src/custom/audit/AuditPage';
import { BulkDeleteButton } from '../../src/custom/components/bulk/BulkDeleteButton';
import admins from '../../src/resources/admins';
import companies from '../../src/resources/companies';
import rooms from '../../src/resources/messages';
import type { AdminSession } from '../../shared/contract/sessions';
import { buildAdmin, buildAuditEvent, buildCompany } from '../helpers/builders';
import { renderPage, renderResource, renderRoutes } from '../helpers/renderScreen';
import { buildRoom } from '../helpers/rooms';
import { Datagrid, List, TextField, memoryStore } from 'react-admin';
import { Route } from 'react-router-dom';
import { consoleStore } from '../../src/custom/layout/consoleStore';
import { ColumnChooser } from '../../src/custom/components/ColumnChooser';

afterEach(() => window.localStorage.clear());

const EN_GB_WITH_TIME = /^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/;

/** `total` rooms, the page asked for sliced at the page size asked for. */
function pagedRooms(total: number) {
  const all = Array.from({ length: total }, (_, index) => buildRoom({ _id: String(index + 1).padStart(24, '0'), offer_title: `Offer #${index + 1}` }));
  return vi.fn(async (_resource: string, params: GetListParams) => {
    const { page, perPage } = params.pagination ?? { page: 1, perPage: 10 };
    return { data: all.slice((page - 1) * perPage, page * perPage).map((room) => ({ ...room, id: room._id })), total };
  });
}

const bodyRows = () => within(screen.getAllByRole('rowgroup')[1] as HTMLElement).getAllByRole('row');

describe('rows per page', () => {
  it('offers 10 (the default), 25, 50 and 100; 50 shows 50 rows and is remembered for the list', async () => {
    const getList = pagedRooms(120);
    const first = renderResource(rooms, '/message', { dataProvider: { getList } });
    await screen.findByText('Offer #1');
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByLabelText('Current page')).toHaveTextContent('1 / 12');

    await first.user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['10', '25', '50', '100']);
    await first.user.click(screen.getByRole('option', { name: '50' }));
    await screen.findByText('Offer #50');
    expect(bodyRows()).toHaveLength(50);
    expect(screen.getByLabelText('Current page')).toHaveTextContent('1 / 3');
    expect(getList).toHaveBeenLastCalledWith('message', expect.objectContaining({ pagination: { page: 1, perPage: 50 } }));
    first.unmount();

    // A new visit (a reload: react-admin's store starts empty) opens the list at 50.
    const again = pagedRooms(120);
    renderResource(rooms, '/message', { dataProvider: { getList: again } });
    await screen.findByText('Offer #50');
    expect(bodyRows()).toHaveLength(50);
    expect(again).toHaveBeenCalledWith('message', expect.objectContaining({ pagination: { page: 1, perPage: 50 } }));
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveTextContent('50');
  });

  it('a link with its own page size opens at it, the remembered choice notwithstanding', async () => {
    window.localStorage.setItem('rowsPerPage.message', '50');
    const getList = pagedRooms(120);
    renderResource(rooms, '/message?page=2&perPage=25', { dataProvider: { getList } });
    await screen.findByText('Offer #26');
    expect(bodyRows()).toHaveLength(25);
    expect(getList).toHaveBeenCalledWith('message', expect.objectContaining({ pagination: { page: 2, perPage: 25 } }));
    expect(screen.getByLabelText('Current page')).toHaveTextContent('2 / 5');
  });

  it('choosing 10 again forgets the choice: the next visit opens at the default', async () => {
    window.localStorage.setItem('rowsPerPage.message', '25');
    const getList = pagedRooms(60);
    const { user } = renderResource(rooms, '/message', { dataProvider: { getList } });
    await screen.findByText('Offer #25');
    await user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    await user.click(screen.getByRole('option', { name: '10' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(10));
    expect(window.localStorage.getItem('rowsPerPage.message')).toBeNull();
  });

  it('is offered on every list, whose search takes the page size: admins opened at a remembered 50 ask for 50', async () => {
    const all = Array.from({ length: 60 }, (_, index) => buildAdmin({ name: `Admin #${index + 1}` }));
    window.localStorage.setItem('rowsPerPage.admin', '50');
    const getList = vi.fn(async (_resource: string, params: GetListParams) => ({ data: all.slice(0, params.pagination?.perPage ?? 10), total: 60 }));
    renderResource(admins, '/admin', { dataProvider: { getList } });
    await screen.findByText('Admin #50');
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveTextContent('50');
    expect(getList).toHaveBeenCalledWith('admin', expect.objectContaining({ pagination: { page: 1, perPage: 50 } }));
  });
});

describe('the number of matches', () => {
  it('sits beside page / total pages, grouped in thousands', async () => {
    const rows = Array.from({ length: 10 }, (_, index) => buildAdmin({ name: `Admin #${index + 1}` }));
    renderResource(admins, '/admin', { dataProvider: { getList: vi.fn(async () => ({ data: rows, total: 1234 })) } });
    await screen.findByText('Admin #1');
    expect(screen.getByText('1 234 matches')).toBeInTheDocument();
    expect(screen.getByLabelText('Current page')).toHaveTextContent('1 / 124');
  });

  it('says one match in the singular', async () => {
    renderResource(admins, '/admin', { dataProvider: { getList: vi.fn(async () => ({ data: [buildAdmin({ name: 'Alone' })], total: 1 })) } });
    await screen.findByText('Alone');
    expect(screen.getByText('1 match')).toBeInTheDocument();
  });

  it('reads an estimate as one: about, two significant digits', async () => {
    const rows = Array.from({ length: 10 }, (_, index) => buildAdmin({ name: `Admin #${index + 1}` }));
    renderResource(admins, '/admin', { dataProvider: { getList: vi.fn(async () => ({ data: rows, total: 39_995, meta: { totalIsEstimate: true } })) } });
    await screen.findByText('Admin #1');
    expect(screen.getByText('about 40 000 matches')).toBeInTheDocument();
    expect(screen.getByLabelText('Current page')).toHaveTextContent('1 / ≈4 000');
  });
});

describe('amounts and dates in a list', () => {
  it('right-aligns the balance (header and cells) and keeps amounts and dates on one line', async () => {
    const rows = [buildCompany({ name: 'Cèdre Large', credit_balance: 3658, created_at: '2026-11-21T10:00:00Z' })];
    renderResource(companies, '/company', { dataProvider: { getList: vi.fn(async () => ({ data: rows, total: 1 })) } });
    const row = (await screen.findByText('Cèdre Large')).closest('tr') as HTMLElement;
    const balance = within(row).getByText('+3658 credit').closest('td') as HTMLElement;
    expect(balance).toHaveClass('MuiTableCell-alignRight');
    expect(getComputedStyle(balance).whiteSpace).toBe('nowrap');
    expect(screen.getByRole('columnheader', { name: 'Balance' })).toHaveClass('MuiTableCell-alignRight');
    const created = within(row).getByText('21 novembre 2026').closest('td') as HTMLElement;
    expect(getComputedStyle(created).whiteSpace).toBe('nowrap');
    expect(created).not.toHaveClass('MuiTableCell-alignRight');
    const name = within(row).getByText('Cèdre Large').closest('td') as HTMLElement;
    expect(getComputedStyle(name).whiteSpace).not.toBe('nowrap');
  });
});

describe('the column chooser', () => {
  const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent);

  it('a wide list hides a column chosen off, and the next visit on the device still hides it', async () => {
    const rows = [buildCompany({ name: 'Cèdre Large', city: 'Lyon' })];
    const getList = vi.fn(async () => ({ data: rows, total: 1 }));
    const first = renderResource(companies, '/company', { dataProvider: { getList }, store: consoleStore() });
    await screen.findByText('Cèdre Large');
    expect(headers()).toContain('City');
    await first.user.click(screen.getByRole('button', { name: 'Columns' }));
    await first.user.click(await screen.findByRole('menuitemcheckbox', { name: 'City' }));
    await first.user.keyboard('{Escape}');
    await waitFor(() => expect(headers()).not.toContain('City'));
    expect(screen.queryByText('Lyon')).toBeNull();
    expect(headers()).toContain('Postal code');
    first.unmount();

    // A reload: react-admin's store starts again, the device keeps the list's columns.
    const again = renderResource(companies, '/company', { dataProvider: { getList }, store: consoleStore() });
    await screen.findByText('Cèdre Large');
    expect(headers()).not.toContain('City');
    expect(headers()).toContain('Name');
    await again.user.click(screen.getByRole('button', { name: 'Columns' }));
    const city = await screen.findByRole('menuitemcheckbox', { name: 'City' });
    expect(city).toHaveAttribute('aria-checked', 'false');
    await again.user.click(city);
    await again.user.keyboard('{Escape}');
    await waitFor(() => expect(headers()).toContain('City'));
    expect(screen.getByText('Lyon')).toBeInTheDocument();
  });

  it('keeps the last column shown', async () => {
    const columns = [
      { key: 'name', label: 'Name' },
      { key: 'city', label: 'City' },
    ];
    const store = memoryStore();
    store.setItem('company.hiddenColumns', ['city']);
    const { user } = renderPage(() => <ColumnChooser list="company" columns={columns} />, '/', { store });
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    expect(await screen.findByRole('menuitemcheckbox', { name: 'Name' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('menuitemcheckbox', { name: 'City' })).not.toHaveAttribute('aria-disabled');
  });

  it('a narrow list (admins, four columns) has none', async () => {
    renderResource(admins, '/admin', { dataProvider: { getList: vi.fn(async () => ({ data: [buildAdmin({ name: 'Alice' })], total: 1 })) } });
    await screen.findByText('Alice');
    expect(screen.queryByRole('button', { name: 'Columns' })).toBeNull();
  });
});

describe('a deletion says what goes', () => {
  it('a company: named, refused while anything belongs to it, its comments going with it, under "Are you sure?"', async () => {
    const company = buildCompany({ name: 'Atelier Azur', credit_balance: 0 });
    const dataProvider = {
      getOne: vi.fn(async () => ({ data: company })),
      getList: vi.fn(async () => ({ data: [], total: 0 })),
      getManyReference: vi.fn(async () => ({ data: [], total: 0 })),
    };
    const { user } = renderResource(companies, `/company/${company.id}`, { dataProvider });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(confirm).toHaveTextContent(
      '“Atelier Azur” will be deleted. It cannot be deleted while users, offers, needs or rooms still belong to it. Its comments are deleted with it. A balance left is closed by a ledger entry. This cannot be undone.',
    );
  });

  it('an admin: named, and it cannot be undone', async () => {
    const admin = buildAdmin({ name: 'Edith Martin' });
    const { user } = renderResource(admins, `/admin/${admin.id}`, { dataProvider: { getOne: vi.fn(async () => ({ data: admin })) } });
    await screen.findByDisplayValue('Edith Martin');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(confirm).toHaveTextContent('“Edith Martin” will be deleted. This cannot be undone.');
  });

  it('a selection: its first names and how many more, with what goes', async () => {
    const rows = ['Atelier', 'Boréal', 'Cèdre', 'Dune', 'Étoile'].map((name, index) => ({ id: `c${index}`, name, version: 1 }));
    const { user } = renderRoutes(
      '/company',
      <Route
        path="/company"
        element={
          <List resource="company" exporter={false}>
            <Datagrid bulkActionButtons={<BulkDeleteButton plural="companies" />} rowClick={false}>
              <TextField source="name" />
            </Datagrid>
          </List>
        }
      />,
      { dataProvider: { getList: vi.fn(async () => ({ data: rows, total: rows.length })) } },
    );
    await screen.findByText('Boréal');
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete 5 companies?' });
    expect(confirm).toHaveTextContent(
      '“Atelier”, “Boréal”, “Cèdre” and 2 more will be deleted. Those that users, offers, needs or rooms still belong to are refused. Their comments are deleted with them.',
    );
  });
});

describe('dates in the spec’s formats', () => {
  it('every date of the sessions table reads en-GB with the time (21/11/2026, 14:05)', async () => {
    const sessions: AdminSession[] = [
      {
        _id: 'a00000000000000000000001',
        created_at: '2026-11-28T01:39:03Z',
        last_seen_at: '2026-11-28T09:00:00Z',
        ip: '10.0.0.1',
        browser: 'Chrome 131 on Linux',
        current: true,
      },
      {
        _id: 'a00000000000000000000002',
        created_at: '2026-11-02T13:05:00Z',
        last_seen_at: '2026-11-03T08:00:00Z',
        ip: null,
        browser: 'Firefox 133 on Windows',
        current: false,
      },
    ];
    renderPage(() => <SessionsSection />, '/account', { dataProvider: { listSessions: vi.fn(async () => ({ ok: true, data: sessions, idle_minutes: 60 })) } });
    const table = await screen.findByRole('table', { name: 'Sessions' });
    const signedIn = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => (within(row).getAllByRole('cell')[2] as HTMLElement).textContent);
    expect(signedIn).toHaveLength(2);
    for (const text of signedIn) expect(text).toMatch(EN_GB_WITH_TIME);
    // The last use's exact time, on hover, reads the same way.
    for (const row of within(table).getAllByRole('row').slice(1)) expect((within(row).getAllByRole('cell')[3] as HTMLElement).title).toMatch(EN_GB_WITH_TIME);
    expect(within(table).queryByText(/AM|PM/)).not.toBeInTheDocument();
  });
});

describe('a date filter', () => {
  const renderAudit = () => {
    const getList = vi.fn(async (_resource: string, _params: GetListParams) => ({ data: [buildAuditEvent({ admin_name: 'Edith' })], total: 1 }));
    const view = renderPage(AuditPage, '/audit', { dataProvider: { getList } });
    const auditFilter = () => getList.mock.calls.filter(([resource]) => resource === 'audit_event').at(-1)?.[1].filter as Record<string, unknown>;
    return { ...view, getList, auditFilter };
  };
  const localDay = (year: number, month: number, day: number, end = false) =>
    (end ? new Date(year, month - 1, day, 23, 59, 59, 999) : new Date(year, month - 1, day)).toISOString();

  it('reads dd/mm/yyyy: typed digits get their slashes, and the whole day filters', async () => {
    const { user, auditFilter } = renderAudit();
    await screen.findByText('Edith');
    const from = screen.getByLabelText('From');
    expect(from).toHaveAttribute('placeholder', 'dd/mm/yyyy');
    expect(from).not.toHaveAttribute('type', 'date');
    await user.type(from, '01112026');
    expect(from).toHaveValue('01/11/2026');
    await user.type(screen.getByLabelText('To'), '21/11/2026');
    await waitFor(() => expect(auditFilter()).toEqual({ from: localDay(2026, 11, 1), to: localDay(2026, 11, 21, true) }));
    expect(screen.getByLabelText('To')).toHaveValue('21/11/2026');
  });

  it('shows a day from the URL as dd/mm/yyyy', async () => {
    const filter = encodeURIComponent(JSON.stringify({ from: localDay(2026, 3, 5) }));
    renderPage(AuditPage, `/audit?filter=${filter}`, { dataProvider: { getList: vi.fn(async () => ({ data: [], total: 0 })) } });
    expect(await screen.findByLabelText('From')).toHaveValue('05/03/2026');
  });

  it('says when the typed day is not one, and filters nothing by it', async () => {
    const { auditFilter } = renderAudit();
    await screen.findByText('Edith');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '31/02/2026' } });
    expect(await screen.findByText('Not a day (dd/mm/yyyy)')).toBeInTheDocument();
    expect(auditFilter()).toEqual({});
  });
});
