import type { SortInput } from '../../shared/contract/primitives';
import { asc, desc, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { ValidationError } from './validation';

/**
 * Empty values last in either direction (an offer 'sur devis' has no price). The descending order needs its own index,
 * `(column DESC NULLS LAST, id DESC)`, besides `(column, id)`.
 */
interface EmptiesLast {
  emptiesLast: AnyColumn;
}
export const emptiesLast = (column: AnyColumn): EmptiesLast => ({ emptiesLast: column });

type SortPart = AnyColumn | SQLWrapper | EmptiesLast;
export type SortKey = SortPart | SortPart[];

const isEmptiesLast = (part: SortPart): part is EmptiesLast => 'emptiesLast' in part;

/** Every part turns round when `reversed` (NULLs too), so that a reversed read gives exactly the rows in reverse. */
export function ordered(parts: SortPart[], direction: 1 | -1, reversed = false): SQL[] {
  const ascending = (direction === 1) !== reversed;
  return parts.map((part) =>
    isEmptiesLast(part)
      ? sql`${part.emptiesLast} ${sql.raw(ascending ? 'asc' : 'desc')} ${sql.raw(reversed ? 'nulls first' : 'nulls last')}`
      : (ascending ? asc : desc)(part),
  );
}

/**
 * The id comes last so that pages never overlap on ties. Only own keys count (`constructor`, `__proto__` are refused),
 * and the key is checked when the search is read, not the rows: a page past the end must refuse a bad key too.
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
