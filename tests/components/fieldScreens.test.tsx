import ReceiptIcon from '@mui/icons-material/Receipt';
import { screen, waitFor, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Resource, type GetListParams, type RaRecord } from 'react-admin';
import { Route } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../shared/catalogue/messages';
import { contractOf } from '../../shared/contract/fromFields';
import { defineFields } from '../../shared/entities/fields';
import { fieldResource } from '../../src/custom/fields/fieldResource';
import { useFieldScreens } from '../../src/custom/fields/fieldScreensContext';
import { toRecord } from '../../src/providers/records';
import { buildCompany } from '../helpers/builders';
import { fakeAuthProvider, signedInAs } from '../helpers/fakeProviders';
import { answerMediaQueries } from '../helpers/mediaQueries';
import { renderResource, renderRoutes } from '../helpers/renderScreen';

afterEach(() => vi.restoreAllMocks());

/**
 * A made-up entity with a field of each type, under an existing resource's name (`need`: the permission table, the
 * endpoints and react-admin's registry know it), which its screens do not depend on.
 */
const contracts = defineFields({
  name: 'need',
  label: 'Contract',
  plural: 'Contracts',
  fields: {
    title: { type: 'text', label: 'Title', required: true, maxLength: 40, list: true, searched: true, sortable: true },
    notes: { type: 'longText', label: 'Notes', list: true },
    contact: { type: 'email', label: 'Contact email' },
    website: { type: 'url', label: 'Website' },
    amount: { type: 'credits', label: 'Monthly amount', required: true, min: 0, max: 1_000_000, list: true, sortable: true },
    seats: { type: 'integer', label: 'Seats', min: 1, max: 100, list: true },
    renewable: { type: 'boolean', label: 'Renewable', list: true, filter: true },
    start: { type: 'date', label: 'Start date', list: true, sortable: true },
    status: {
      type: 'enum',
      label: 'Status',
      values: ['draft', 'active', 'ended'],
      labels: { draft: 'Draft', active: 'In force', ended: 'Ended' },
      required: true,
      default: 'draft',
      list: true,
      filter: true,
    },
    company_id: { type: 'reference', label: 'Company', to: 'company', onDelete: 'refuse', nameKey: 'company_name', required: true, list: true, filter: true },
    reference_code: { type: 'text', label: 'Reference', write: 'createOnly', pattern: '[A-Z]{3}-\\d+' },
    renewal_note: { type: 'text', label: 'Renewal note', write: 'updateOnly' },
    signed_at: { type: 'timestamp', label: 'Signed at', write: 'readOnly', list: true },
    attachments: { type: 'files', label: 'Attachments', max: 3 },
  },
  recordRepresentation: 'title',
  defaultSort: { field: 'start', order: 'DESC' },
});
const contract = contractOf(contracts);
const resource = fieldResource(contracts, { icon: ReceiptIcon, position: 10, errors: { list: 'Contracts could not be loaded' } });

const azur = buildCompany({ name: 'Atelier Azur' });
const quartz = buildCompany({ name: 'Maison Quartz' });
const longNotes = 'A contract for the whole year, renewed each January unless one of the parties says otherwise.';

/** A record as the API answers it (checked by the contract derived from the same declaration), as react-admin sees it. */
const buildContract = (overrides: Record<string, unknown> = {}) =>
  toRecord(
    contract.record.parse({
      _id: 'c0000000000000000000000a',
      title: 'Maintenance',
      notes: longNotes,
      contact: 'ops@example.com',
      website: 'https://example.com',
      amount: 1200.5,
      seats: 12,
      renewable: true,
      start: '2026-12-01',
      status: 'active',
      company_id: azur.id,
      company_name: 'Atelier Azur',
      reference_code: 'MNT-42',
      renewal_note: null,
      signed_at: '2026-11-21T14:05:00.000Z',
      attachments: ['https://files.example.com/a.pdf'],
      created_at: '2026-11-20T10:00:00.000Z',
      version: 3,
      ...overrides,
    }),
  );

/** getList for the contracts and for the company picker (searched by name), getMany for the picker's current company. */
const dataFor = (rows = [buildContract()]) => ({
  getList: vi.fn(async (name: string, params: GetListParams) => {
    if (name !== 'company') return { data: rows, total: rows.length };
    const search = String(params.filter?.search ?? '').toLowerCase();
    const companies = [azur, quartz].filter((company) => company.name.toLowerCase().includes(search));
    return { data: companies, total: companies.length };
  }),
  getMany: vi.fn(async () => ({ data: [azur] })),
  getOne: vi.fn(async () => ({ data: rows[0] })),
});
const lastFilter = (getList: ReturnType<typeof dataFor>['getList']) =>
  getList.mock.calls.filter(([name]) => name === 'need').at(-1)?.[1].filter as Record<string, unknown> | undefined;
const asRole = (role: 'owner' | 'support') => fakeAuthProvider(signedInAs(role));

describe('fieldResource: the declaration a resource folder exports', () => {
  it('derives the endpoint, the menu entry and the record name from the fields', () => {
    expect(resource).toMatchObject({
      kind: 'resource',
      name: 'need',
      api: {
        path: '/need',
        sortable: true,
        errors: { list: 'Contracts could not be loaded', one: 'Error!', create: 'Error!', update: 'Error!', delete: 'Error!' },
      },
      listOpening: { sort: { field: 'start', order: 'DESC' } },
      menu: { label: 'Contracts', icon: ReceiptIcon, position: 10 },
      recordRepresentation: 'title',
    });
    expect(resource.api.exports).toBeUndefined();
    for (const screen of [resource.list, resource.edit, resource.show, resource.createForm]) expect(screen?.preload).toBeTypeOf('function');
  });

  it("takes the menu's position from the declaration, or from the options", () => {
    expect(fieldResource({ ...contracts, position: 11 }, { icon: ReceiptIcon }).menu?.position).toBe(11);
    expect(() => fieldResource(contracts, { icon: ReceiptIcon })).toThrow('need: a menu position');
  });

  it('keeps the field components out of the first chunk: its module imports the screens lazily, and zod not at all', () => {
    const source = readFileSync(join(process.cwd(), 'src/custom/fields/fieldResource.tsx'), 'utf8');
    const valueImports = [...source.matchAll(/^import (?!type\b)[^;]*? from '([^']+)';$/gm)].map((match) => match[1]);
    expect(valueImports.filter((path) => path?.startsWith('./')).sort()).toEqual(['./createInputsLoader', './fieldScreensContext', './shownKey']);
    expect(valueImports.some((path) => /zod|shared\/contract/.test(path ?? ''))).toBe(false);
    expect(source).toContain("import('./DerivedList')");
  });

  it('replaces one screen by a hand-written one, which reads the declaration from the context', async () => {
    const HandList = () => <p>{`${useFieldScreens().entity.plural}, by hand`}</p>;
    const custom = fieldResource(contracts, { icon: ReceiptIcon, position: 10, menuLabel: 'Deals', screens: { list: HandList } });
    expect(custom.menu?.label).toBe('Deals');
    // A hand-written list brings its own create button: no derived inputs to fetch ahead.
    expect(custom.createForm).toBeUndefined();
    renderResource(custom, '/need', { dataProvider: dataFor() });
    expect(await screen.findByText('Contracts, by hand')).toBeInTheDocument();
  });
});

describe('DerivedList', () => {
  it('shows the list columns, each value in its format, the sortable ones sortable', async () => {
    renderResource(resource, '/need', { dataProvider: dataFor() });
    const row = (await screen.findByText('Maintenance')).closest('tr') as HTMLElement;
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent?.trim());
    expect(headers).toEqual(expect.arrayContaining(['Title', 'Notes', 'Monthly amount', 'Seats', 'Renewable', 'Start date', 'Status', 'Company', 'Signed at']));
    for (const hidden of ['Contact email', 'Website', 'Reference', 'Attachments']) expect(headers).not.toContain(hidden);
    const amount = within(row).getByText('+1200.5 credit');
    expect(amount.closest('td')).toHaveClass('MuiTableCell-alignRight');
    expect(within(row).getByText('12').closest('td')).toHaveClass('MuiTableCell-alignRight');
    expect(within(row).getByText(/^A contract for the whole year, renewed…$/)).toBeInTheDocument();
    for (const text of ['Yes', '01/12/2026', 'In force', '21/11/2026, 14:05']) expect(within(row).getByText(text)).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Atelier Azur' })).toHaveAttribute('href', `/company/${azur.id}`);
    for (const column of ['title', 'monthly amount', 'start date'])
      expect(screen.getByRole('button', { name: new RegExp(`^Sort by ${column} `, 'i') })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Sort by status/i })).not.toBeInTheDocument();
  });

  it("shows a field's cell written by hand where the resource gives one, the column's label, sort and alignment still derived", async () => {
    const cells = { amount: (record: RaRecord) => <strong>{`${String(record.amount)} per month`}</strong> };
    renderResource(fieldResource(contracts, { icon: ReceiptIcon, position: 10, cells }), '/need', { dataProvider: dataFor() });
    const row = (await screen.findByText('Maintenance')).closest('tr') as HTMLElement;
    const cell = within(row).getByText('1200.5 per month');
    expect(cell.tagName).toBe('STRONG');
    expect(cell.closest('td')).toHaveClass('MuiTableCell-alignRight');
    expect(within(row).queryByText('+1200.5 credit')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Sort by monthly amount /i })).toBeInTheDocument();
    expect(within(row).getByText('In force')).toBeInTheDocument();
  });

  it('has the text search and a filter per enum and boolean field, each sending the search body its value', async () => {
    const data = dataFor();
    const { user } = renderResource(resource, '/need', { dataProvider: data });
    await screen.findByText('Maintenance');
    expect(screen.getByPlaceholderText('Search')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent).filter((text) => text?.trim())).toEqual(['Draft', 'In force', 'Ended']);
    await user.click(screen.getByRole('option', { name: 'In force' }));
    await waitFor(() => expect(lastFilter(data.getList)).toEqual({ status: 'active' }));
    await user.click(screen.getByRole('combobox', { name: 'Renewable' }));
    await user.click(await screen.findByRole('option', { name: 'No' }));
    await waitFor(() => expect(lastFilter(data.getList)).toEqual({ status: 'active', renewable: false }));
  });

  it('has a company filter that searches the companies as one types', async () => {
    const data = dataFor();
    const { user } = renderResource(resource, '/need', { dataProvider: data });
    await screen.findByText('Maintenance');
    await user.type(screen.getByRole('combobox', { name: 'Company' }), 'Quar');
    // The linked resource's own text search answers the picker.
    await waitFor(() => expect(data.getList).toHaveBeenCalledWith('company', expect.objectContaining({ filter: { search: 'Quar' } })));
    await user.click(await screen.findByRole('option', { name: 'Maison Quartz' }));
    await waitFor(() => expect(lastFilter(data.getList)).toEqual({ company_id: quartz.id }));
  });

  it('shows a phone row per record: its name, its amount at the end, the other columns below', async () => {
    answerMediaQueries((query) => query.includes('max-width'));
    renderResource(resource, '/need', { dataProvider: dataFor() });
    const link = (await screen.findByText('Maintenance')).closest('a') as HTMLElement;
    expect(link).toHaveAttribute('href', '/need/c0000000000000000000000a');
    for (const text of ['+1200.5 credit', '12 · Yes · 01/12/2026 · In force · Atelier Azur · 21/11/2026, 14:05']) expect(link).toHaveTextContent(text);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('DerivedCreate', () => {
  it('refuses what the rules refuse, waits for the required fields, shows no read-only field, and sends a body the contract takes', async () => {
    const created = buildContract({ _id: 'c0000000000000000000000b' });
    const data = { ...dataFor(), create: vi.fn(async () => ({ data: created })) };
    const { user } = renderResource(resource, '/need', { dataProvider: data });
    await user.click(await screen.findByRole('button', { name: 'Create' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create contract' });
    const create = within(dialog).getByRole('button', { name: 'Create' });
    for (const notOnCreate of [/Signed at/, /Renewal note/]) expect(within(dialog).queryByLabelText(notOnCreate)).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Attachments')).not.toBeInTheDocument();
    // The enum's declared default.
    expect(within(dialog).getByRole('combobox', { name: /Status/ })).toHaveTextContent('Draft');

    const input = (role: 'textbox' | 'spinbutton', name: RegExp) => within(dialog).getByRole(role, { name });
    const retype = async (role: 'textbox' | 'spinbutton', name: RegExp, value: string) => {
      await user.clear(input(role, name));
      await user.type(input(role, name), value);
    };
    await user.type(input('textbox', /Title/), '  ');
    await user.type(input('spinbutton', /Monthly amount/), '2000000');
    await user.type(input('textbox', /Reference/), 'cln');
    await user.type(input('textbox', /Website/), 'ftp://x.org');
    await user.type(input('spinbutton', /Seats/), '2.5');
    await user.type(input('textbox', /Contact email/), 'ops@');
    await user.tab();
    for (const refusal of [
      'Required',
      'Must be a valid email',
      'Must be 1000000 or less',
      'Must match [A-Z]{3}-\\d+',
      'Must be a web address (http:// or https://)',
      'Must be a whole number',
    ])
      expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
    expect(create).toBeDisabled();

    await retype('textbox', /Title/, 'Cleaning');
    await retype('spinbutton', /Monthly amount/, '12.345');
    expect(await within(dialog).findByText('At most 2 decimals')).toBeInTheDocument();
    await retype('spinbutton', /Monthly amount/, '1200.55');
    await retype('textbox', /Contact email/, 'ops@example.com');
    await retype('textbox', /Reference/, 'CLN-7');
    await retype('textbox', /Website/, 'https://x.org');
    await retype('spinbutton', /Seats/, '3');
    // Still no company, which is required.
    expect(create).toBeDisabled();
    await user.type(within(dialog).getByRole('combobox', { name: /Company/ }), 'Azur');
    await user.click(await screen.findByRole('option', { name: 'Atelier Azur' }));
    await waitFor(() => expect(create).toBeEnabled());
    await user.click(create);
    await waitFor(() => expect(data.create).toHaveBeenCalled());
    const body = (data.create.mock.calls[0] as unknown as [string, { data: Record<string, unknown> }])[1].data;
    expect(body).toMatchObject({
      title: 'Cleaning',
      amount: 1200.55,
      contact: 'ops@example.com',
      seats: 3,
      status: 'draft',
      company_id: azur.id,
      reference_code: 'CLN-7',
      renewable: false,
    });
    expect(contract.createBody.safeParse(body).success).toBe(true);
    expect(await screen.findByText(messages.success.success)).toBeInTheDocument();
  });
});

describe('DerivedEdit and DerivedShow', () => {
  it('edits the fields an update takes and shows the others as text', async () => {
    const record = buildContract();
    const update = vi.fn(async (_name: string, params: { data: object }) => ({ data: { ...record, ...params.data } }));
    const { user } = renderResource(resource, `/need/${record.id}`, { dataProvider: { ...dataFor([record]), update } });
    const title = await screen.findByRole('textbox', { name: /Title/ });
    expect(title).toHaveValue('Maintenance');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Company/ })).toHaveValue('Atelier Azur'));
    // Given on create only, or set by the server: read, not typed into.
    expect(screen.queryByRole('textbox', { name: /Reference/ })).not.toBeInTheDocument();
    expect(screen.getByText('MNT-42')).toBeInTheDocument();
    expect(screen.getByText('21/11/2026, 14:05')).toBeInTheDocument();
    // Written on update only: an input here, none on create.
    expect(screen.getByRole('textbox', { name: 'Renewal note' })).toHaveValue('');
    await user.clear(title);
    await user.type(title, 'Maintenance 2027');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(update).toHaveBeenCalledWith('need', expect.objectContaining({ data: expect.objectContaining({ title: 'Maintenance 2027' }) })));
    expect(await screen.findByText(messages.success.updated)).toBeInTheDocument();
  });

  it("shows a read-only role the record as text at the record's address: nothing to type into, no Update or Edit", async () => {
    const record = buildContract();
    renderResource(resource, `/need/${record.id}`, { dataProvider: dataFor([record]), authProvider: asRole('support') });
    expect(await screen.findByText('+1200.5 credit')).toBeInTheDocument();
    for (const text of ['Maintenance', longNotes, 'ops@example.com', 'In force', '01/12/2026', 'MNT-42', 'Yes'])
      expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByText('Monthly amount')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Atelier Azur' })).toHaveAttribute('href', `/company/${azur.id}`);
    expect(screen.getByRole('link', { name: 'File 1' })).toHaveAttribute('href', 'https://files.example.com/a.pdf');
    expect(screen.getByRole('tab', { name: 'Raw Data' })).toBeInTheDocument();
    expect(screen.queryAllByRole('textbox')).toEqual([]);
    expect(screen.queryAllByRole('spinbutton')).toEqual([]);
    for (const name of ['Update', 'Delete', 'Edit']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('serves the read view at /{name}/{id}/show, with Edit for a role that may edit', async () => {
    const record = buildContract();
    renderRoutes(
      `/need/${record.id}/show`,
      <Route path="/need/*" element={<Resource name="need" list={resource.list} edit={resource.edit} show={resource.show} />} />,
      { dataProvider: dataFor([record]) },
    );
    expect(await screen.findByText('+1200.5 credit')).toBeInTheDocument();
    expect(screen.queryAllByRole('textbox')).toEqual([]);
    expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/need/${record.id}`);
  });
});
