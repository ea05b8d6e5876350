import { contractOf } from '../../shared/contract/fromFields';
import { declaredEntities } from '../../shared/entities';
import type { AnyEntityFields } from '../../shared/entities/fields';
import { entityOf, tableOf } from './fromFields';

const tables = new Map<AnyEntityFields, ReturnType<typeof tableOf>>();

/** The table of a declared entity without a hand-written one, made once (server/db/declaredTables.ts names it for drizzle-kit). */
export function declaredTable(entity: AnyEntityFields) {
  const table = tables.get(entity) ?? tableOf(entity, entity.table ?? `${entity.name}s`);
  tables.set(entity, table);
  return table;
}

/** The standard routes of a declared entity that needs nothing of its own: all of it derived from its fields. */
export const derivedEntity = (entity: AnyEntityFields) =>
  entityOf(entity, contractOf(entity), { table: declaredTable(entity), description: entity.description ?? `${entity.plural}.` });

/** The derived table of the declared entity named `name` (what server/db/declaredTables.ts exports for drizzle-kit). */
export function derivedTableOf(name: string) {
  const entity = declaredEntities.find((declared) => declared.name === name);
  if (!entity) throw new Error(`no declared entity ${name}`);
  return declaredTable(entity);
}
