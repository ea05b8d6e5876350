import { getTableColumns, type Table } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FieldDeclaration } from '../../shared/entities/fields';

/** A field's column key in the table: its name in camelCase (`company_id` → `companyId`). */
export const columnKey = (field: string): string => field.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** A declared field's column in `table` (`postal_code` → `postalCode`); a field without one is a mistake caught at start. */
export function fieldColumn(table: Table, name: string): PgColumn {
  const column = (getTableColumns(table) as Record<string, PgColumn>)[columnKey(name)];
  if (!column) throw new Error(`no column ${columnKey(name)} for the field ${name}`);
  return column;
}

/** The record's value of each declared field, read from its row (a date as ISO 8601). */
export const fieldValuesOf = (entity: { fields: Readonly<Record<string, FieldDeclaration>> }, row: object): Record<string, unknown> =>
  Object.fromEntries(
    Object.keys(entity.fields).map((name) => {
      const value = (row as Record<string, unknown>)[columnKey(name)];
      return [name, value instanceof Date ? value.toISOString() : value];
    }),
  );

/** The table's values of the named fields a body gives (a field it leaves out is not written). */
export const columnValuesOf = (body: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> =>
  Object.fromEntries(fields.filter((name) => body[name] !== undefined).map((name) => [columnKey(name), body[name]]));
