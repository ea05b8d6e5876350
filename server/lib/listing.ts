import type { SortInput } from '../../shared/contract/primitives';
import { asc, desc, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { ValidationError } from './validation';

/**
 * A nullable column whose empty values come last in either direction (an offer 'sur devis' has no price: it
 * follows the priced ones from high to low as from low to high). The descending order needs an index of its own,
 * `(column DESC NULLS LAST, id DESC)`, besides the ascending one, `(column, id)`.
 */
interface EmptiesLast {
  emptiesLast: AnyColumn;
}
export const emptiesLast = (column: AnyColumn): EmptiesLast => ({ emptiesLast: column });

type SortPart = AnyColumn | SQLWrapper | EmptiesLast;
/** What a sort key orders by: a column, or several expressions in turn. */
export type SortKey = SortPart | SortPart[];

const isEmptiesLast = (part: SortPart): part is EmptiesLast => 'emptiesLast' in part;

/**
 * ORDER BY `parts` in `direction`, or in the opposite one when `reversed`: every part turns round
 * (NULLs too: first when descending, or for an `emptiesLast` column first only when reversed), so that a reversed
 * read gives exactly the rows in reverse.
 */
export function ordered(parts: SortPart[], direction: 1 | -1, reversed = false): SQL[] {
  const ascending = (direction === 1) !== reversed;
  return parts.map((part) =>
    isEmptiesLast(part)
      ? sql`${part.emptiesLast} ${sql.raw(ascending ? 'asc' : 'desc')} ${sql.raw(reversed ? 'nulls first' : 'nulls last')}`
      : (ascending ? asc : desc)(part),
  );
}

/**
 * ORDER BY for a search: the requested key (one of `columns`) or the default, then the id so
 * that pages never overlap when values tie. Only the table's own keys count: `constructor`,
 * `toString` or `__proto__` are inherited by every object and are refused like any unknown key.
 * The key is checked here, when the search is read, not when the rows are: a page past the end
 * reads no rows, and must refuse a bad key all the same. The result orders forward, or reversed.
 */
export function sortOrder(
  sort: SortInput,
  columns: Record<string, SortKey>,
  fallback: { field: string; direction: 1 | -1 },
  id: PgColumn,
): (reversed?: boolean) => SQL[] {
  const [field, direction] = Object.entries(sort ?? {})[0] ?? [fallback.field, fallback.direction];
  const key = Object.hasOwn(columns, field) ? columns[field] : undefined;
  if (!key) throw new ValidationError({ sort: 'not a sortable column' });
  const parts = [...(Array.isArray(key) ? key : [key]), id];
  return (reversed = false) => ordered(parts, direction, reversed);
}
