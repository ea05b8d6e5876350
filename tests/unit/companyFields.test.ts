import { getTableColumns, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { companies } from '../../server/db/schema';
import { columnKey } from '../../server/lib/recordFromFields';
import { companyFieldsSchema, companyRecord, companySearchBody } from '../../shared/contract/companies';
import { companyFields, companyFormRows } from '../../shared/entities/companies';
import { fieldsIn, writableFields } from '../../shared/entities/fields';

/** The table's columns that are no declared field: the id, the balance (named after the product), the bookkeeping, the search's text. */
const NOT_FIELDS = ['id', 'creditBalance', 'createdAt', 'version', 'searchText', 'nameFolded'];
const declared = Object.keys(companyFields.fields);

describe('companies: each field declared once (shared/entities/companies.ts)', () => {
  it("declares every column of the companies' table, and nothing the table lacks", () => {
    const columns = Object.keys(getTableColumns(companies)).filter((key) => !NOT_FIELDS.includes(key));
    expect(declared.map(columnKey).sort()).toEqual(columns.sort());
  });

  it('gives each declared field to the record, the update body and the form, once', () => {
    expect(Object.keys(companyRecord.shape)).toEqual(expect.arrayContaining(declared));
    expect(Object.keys(companyFieldsSchema.shape)).toEqual(writableFields(companyFields, 'update'));
    const inForm = companyFormRows.flat();
    expect([...inForm].sort()).toEqual(writableFields(companyFields, 'update').sort());
    expect(new Set(inForm).size).toBe(inForm.length);
  });

  it('searches the fields the stored search text is made of, and filters on the declared ones', () => {
    const generated = (companies.searchText as unknown as { generated: { as: SQL } }).generated.as;
    const text = new PgDialect().sqlToQuery(generated).sql;
    const inText = [...text.matchAll(/coalesce\((\w+),/g)].map((match) => match[1]);
    expect(inText.sort()).toEqual(fieldsIn(companyFields, 'searched').sort());
    expect(Object.keys(companySearchBody.shape)).toEqual(['search', ...fieldsIn(companyFields, 'filter'), 'sort', 'offset', 'limit']);
  });

  it('keeps the declared rules: the creation year up to next year, the patterns with their texts', () => {
    const update = (body: Record<string, unknown>) => companyFieldsSchema.safeParse(body);
    expect(update({ creation_year: new Date().getFullYear() + 1 }).success).toBe(true);
    expect(update({ creation_year: new Date().getFullYear() + 2 }).success).toBe(false);
    expect(update({ creation_year: 1799 }).success).toBe(false);
    expect(update({ siret: ' 123 456 789 01234 ' }).data).toEqual({ siret: '12345678901234' });
    expect(update({ phone: 'call me' }).error?.issues[0]?.message).toBe('not a phone number');
    expect(update({ postal_code: 'x' }).error?.issues[0]?.message).toBe('not a postal code');
    expect(update({ employees: 12 }).data).toEqual({ employees: '12' });
    expect(update({ description: '  indented\n' }).data).toEqual({ description: '  indented\n' });
    expect(update({ legal_status: ' SAS ', turnover: 125000.5 }).data).toEqual({ legal_status: 'SAS', turnover: 125000.5 });
    expect(update({ name: null }).success).toBe(false);
    expect(update({ is_test: null }).success).toBe(false);
  });
});
