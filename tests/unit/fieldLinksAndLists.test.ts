import { sql, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
// The registry first: an entity's module is part of an import cycle through it.
import { entities } from '../../server/entities';
import { entityOf, exampleOf, tableOf } from '../../server/entities/fromFields';
import { contractOf } from '../../shared/contract/fromFields';
import { offerContract } from '../../shared/contract/offers';
import { defineFields } from '../../shared/entities/fields';

/** A made-up entity: a link that carries more of the linked record, a number chosen from a list, files. */
const visits = defineFields({
  name: 'need',
  label: 'Visit',
  plural: 'Visits',
  recordRepresentation: 'place',
  defaultSort: { field: 'created_at', order: 'DESC' },
  fields: {
    place: { type: 'text', label: 'Place', required: true },
    company_id: { type: 'reference', to: 'company', onDelete: 'refuse', nameKey: 'company_name', also: { company_logo: 'logo_url' }, label: 'Company' },
    share: { type: 'credits', label: 'Share', required: true, values: [1, 0.5], labels: { 1: 'All', 0.5: 'Half' } },
    photos: { type: 'files', label: 'Photos', max: 3, exported: true },
  },
});
const COMPANY = 'c'.repeat(24);
const sqlOf = (wrapper: SQLWrapper | undefined) => new PgDialect().sqlToQuery(wrapper?.getSQL() ?? sql``).sql;

describe('a declaration’s numbers from a list, a link’s more, and files', () => {
  const contract = contractOf(visits);

  it('takes a number of the list only, and says which', () => {
    expect(contract.updateBody.parse({ share: 0.5 })).toEqual({ share: 0.5 });
    const refused = contract.updateBody.safeParse({ share: 0.75 });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('one of 1, 0.5');
  });

  it('gives the record the link’s name and its other keys, read from the linked table', () => {
    const record = { _id: 'b'.repeat(24), place: 'Lyon', company_id: COMPANY, company_name: 'Cèdre', company_logo: null, share: 1, photos: [] };
    expect(contract.record.safeParse({ ...record, created_at: '2026-01-01T00:00:00.000Z', version: 1 }).success).toBe(true);
    const entity = entityOf(visits, contract, { table: tableOf(visits, 'visits'), description: 'Visits.' });
    expect(Object.keys(entity.fields)).toContain('companyLogo');
    expect(sqlOf((entity.fields as Record<string, SQLWrapper>).companyLogo)).toMatch(
      /select "companies"\."logo_url" from "companies" where "companies"\."id" = "visits"\."company_id"/i,
    );
    const row = { id: record._id, place: 'Lyon', companyId: COMPANY, companyName: 'Cèdre', companyLogo: 'https://x.example/l.png', share: 1, photos: [] };
    expect(entity.toRecord({ ...row, createdAt: new Date('2026-01-01T00:00:00.000Z'), version: 1 })).toMatchObject({ company_logo: 'https://x.example/l.png' });
  });

  it('exports files as their links space-separated, from a text array or from JSON, and says so', () => {
    expect(contract.export.description).toContain('Columns: id, photos (space-separated), created_at.');
    const entity = entityOf(visits, contract, { table: tableOf(visits, 'visits'), description: 'Visits.' });
    expect(sqlOf(entity.export?.columns.find((column) => column.name === 'photos')?.value)).toContain(`array_to_string("visits"."photos", ' ')`);
    const offers = entities.find((entity) => entity.name === 'offer');
    expect(sqlOf(offers?.export?.columns.find((column) => column.name === 'images')?.value)).toContain('jsonb_array_elements_text("offers"."images")');
    expect(offerContract.export.description).toContain('images (space-separated)');
  });

  it('makes its example with the list’s first number', async () => {
    const example = exampleOf(visits);
    const body = typeof example === 'function' ? await example(async () => COMPANY) : example;
    expect(body).toMatchObject({ share: 1, company_id: COMPANY });
    expect(contract.createBody.safeParse(body).success).toBe(true);
  });
});
