import type { SortInput } from '../../shared/contract/primitives';
import { asc, desc, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { ValidationError } from './validation';

/**
 * ORDER BY for a search: the requested column (one of `columns`) or the default, then the id so
 * that pages never overlap when values tie. Only the table's own keys count: `constructor`,
 * `toString` or `__proto__` are inherited by every object and are refused like any unknown key.
 */
export function orderBy(sort: SortInput, columns: Record<string, PgColumn>, fallback: { field: string; direction: 1 | -1 }, id: PgColumn): SQL[] {
  const [field, direction] = Object.entries(sort ?? {})[0] ?? [fallback.field, fallback.direction];
  const column = Object.hasOwn(columns, field) ? columns[field] : undefined;
  if (!column) throw new ValidationError({ sort: 'not a sortable column' });
  const order = direction === 1 ? asc : desc;
  return [order(column), order(id)];
}
