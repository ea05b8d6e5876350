import { asc, desc, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { ValidationError } from './validation';

/** Spec §4: one sort key at a time, 1 ascending or -1 descending. */
export const sortSchema = z
  .record(z.string(), z.union([z.literal(1), z.literal(-1)]))
  .refine((sort) => Object.keys(sort).length <= 1, 'one sort key at a time')
  .optional();

export type SortInput = z.infer<typeof sortSchema>;

/**
 * ORDER BY for a search: the requested column (one of `columns`) or the default, then the id so
 * that pages never overlap when values tie.
 */
export function orderBy(sort: SortInput, columns: Record<string, PgColumn>, fallback: { field: string; direction: 1 | -1 }, id: PgColumn): SQL[] {
  const [field, direction] = Object.entries(sort ?? {})[0] ?? [fallback.field, fallback.direction];
  const column = columns[field];
  if (!column) throw new ValidationError({ sort: `not a sortable column: ${field}` });
  const order = direction === 1 ? asc : desc;
  return [order(column), order(id)];
}
