import { getTableConfig } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { contractOf } from '../../shared/contract/fromFields';
import { defineFields, exportColumnsOf, sortKeysOf } from '../../shared/entities/fields';
import { exampleOf, entityOf, tableOf, updateExampleOf } from '../../server/entities/fromFields';

/** The walkthrough's contract (docs/adding-an-entity.md): every rule the derivations read. */
const contracts = defineFields({
  name: 'need',
  label: 'Contract',
  plural: 'Contracts',
  recordRepresentation: 'title',
  defaultSort: { field: 'start_date', order: 'DESC' },
  fields: {
    title: { type: 'text', label: 'Title', required: true, maxLength: 120, list: true, searched: true, exported: true },
    company_id: {
      type: 'reference',
      to: 'company',
      onDelete: 'refuse',
      nameKey: 'company_name',
      label: 'Company',
      required: true,
      list: true,
      filter: true,
      sortable: true,
      exported: true,
    },
    monthly_amount: { type: 'credits', label: 'Monthly amount', required: true, min: 0, max: 1_000_000, list: true, sortable: true, exported: true },
    status: {
      type: 'enum',
      values: ['draft', 'active', 'ended'],
      labels: { draft: 'Draft', active: 'Active', ended: 'Ended' },
      label: 'Status',
      required: true,
      default: 'draft',
      filter: true,
      list: true,
      exported: true,
    },
    start_date: { type: 'date', label: 'Start date', required: true, sortable: true, list: true, exported: true },
    reference_code: { type: 'text', label: 'Code', pattern: '[A-Z]{3}-\\d{4}', write: 'createOnly' },
  },
});
const COMPANY = 'a'.repeat(24);

describe('a contract derived from the fields', () => {
  const contract = contractOf(contracts);

  it('takes a create body by the rules, empty optional fields as none, and refuses what breaks one', () => {
    const body = { title: ' Maintenance ', company_id: COMPANY, monthly_amount: 1200.5, start_date: '2026-01-01', reference_code: '' };
    expect(contract.createBody.parse(body)).toEqual({
      title: 'Maintenance',
      company_id: COMPANY,
      monthly_amount: 1200.5,
      start_date: '2026-01-01',
      reference_code: null,
    });
    for (const broken of [
      { ...body, title: '' },
      { ...body, title: 'x'.repeat(121) },
      { ...body, monthly_amount: 1_000_000.01 },
      { ...body, monthly_amount: -1 },
      { ...body, monthly_amount: 1.001 },
      { ...body, company_id: 'not-an-id' },
      { ...body, status: 'signed' },
      { ...body, start_date: '01/01/2026' },
      { ...body, reference_code: 'abc-1234' },
    ])
      expect(contract.createBody.safeParse(broken).success, JSON.stringify(broken)).toBe(false);
  });

  it('lets an update leave any field out, never empty a required one, and never write a create-only one', () => {
    expect(contract.updateBody.parse({ version: 3 })).toEqual({ version: 3 });
    expect(contract.updateBody.safeParse({ title: null }).success).toBe(false);
    expect(contract.updateBody.parse({ status: 'ended', reference_code: 'ABC-1234' })).toEqual({ status: 'ended' });
  });

  it('searches by its filters and sorts by its sortable fields, a link by its name', () => {
    expect(sortKeysOf(contracts)).toEqual(['company_name', 'monthly_amount', 'start_date', 'created_at']);
    expect(contract.searchBody.parse({ company_id: COMPANY, status: 'active', sort: { monthly_amount: -1 } })).toMatchObject({ offset: 0 });
    expect(contract.searchBody.safeParse({ sort: { title: 1 } }).success).toBe(false);
    expect(contract.searchBody.safeParse({ status: 'signed' }).success).toBe(false);
    expect(exportColumnsOf(contracts)).toEqual(['id', 'title', 'company_id', 'company_name', 'monthly_amount', 'status', 'start_date', 'created_at']);
  });
});

describe('the server side derived from the fields', () => {
  const table = tableOf(contracts, 'contracts');
  const config = getTableConfig(table);

  it('gives the table a column per field, its link with the delete rule, and the indexes its list reads', () => {
    const column = (name: string) => config.columns.find((one) => one.name === name);
    expect(config.columns.map((one) => one.name)).toEqual([
      'id',
      'title',
      'company_id',
      'monthly_amount',
      'status',
      'start_date',
      'reference_code',
      'created_at',
      'version',
    ]);
    expect(column('monthly_amount')?.getSQLType()).toBe('numeric(14, 2)');
    expect(column('start_date')?.getSQLType()).toBe('date');
    expect(column('status')?.default).toBe('draft');
    expect(column('reference_code')?.notNull).toBe(false);
    expect(column('title')?.notNull).toBe(true);
    expect(config.foreignKeys.map((key) => key.onDelete)).toEqual(['restrict']);
    expect(config.indexes.map((index) => index.config.name)).toEqual(
      expect.arrayContaining(['contracts_company_id_idx', 'contracts_monthly_amount_idx', 'contracts_title_fold_trgm_idx', 'contracts_created_at_idx']),
    );
  });

  it('reads a record from a row, and derives search, sort, export and examples', async () => {
    const entity = entityOf(contracts, contractOf(contracts), { table, description: 'Contracts.' });
    const row = {
      id: 'b'.repeat(24),
      title: 'Maintenance',
      companyId: COMPANY,
      companyName: 'Cèdre',
      monthlyAmount: 10,
      status: 'active',
      startDate: '2026-01-01',
      referenceCode: null,
      createdAt: new Date('2026-02-03T04:05:06.789Z'),
      version: 2,
    };
    expect(entity.toRecord(row)).toEqual({
      _id: row.id,
      title: 'Maintenance',
      company_id: COMPANY,
      company_name: 'Cèdre',
      monthly_amount: 10,
      status: 'active',
      start_date: '2026-01-01',
      reference_code: null,
      created_at: '2026-02-03T04:05:06.789Z',
      version: 2,
    });
    expect(contractOf(contracts).record.safeParse(entity.toRecord(row)).success).toBe(true);
    expect(Object.keys(entity.search?.sortable ?? {})).toEqual(sortKeysOf(contracts));
    expect(Object.keys(entity.search?.filters ?? {})).toEqual(['company_id', 'status']);
    expect(entity.export?.columns.map((column) => column.name)).toEqual(exportColumnsOf(contracts));
    expect(entity.create?.values({ title: 'T', company_id: COMPANY, reference_code: null })).toEqual({ title: 'T', companyId: COMPANY, referenceCode: null });
    expect(entity.update?.changes({ status: 'ended', reference_code: 'ABC-1234' })).toEqual({ status: 'ended' });

    const made: string[] = [];
    const example = exampleOf(contracts);
    const body = typeof example === 'function' ? await example(async (resource) => (made.push(resource), COMPANY)) : example;
    expect(made).toEqual(['company']);
    expect(contractOf(contracts).createBody.safeParse(body).success).toBe(true);
    expect(updateExampleOf(contracts)).toEqual({ title: 'Title (changed)' });
  });
});
