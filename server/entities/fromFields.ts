import { eq, getTableColumns, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { boolean, date, index, integer, numeric, pgTable, text, timestamp, type PgColumn } from 'drizzle-orm/pg-core';
import type { Resource } from '../../shared/catalogue/permissions';
import type { z } from 'zod';
import type { csvAnswer } from '../../shared/contract/envelope';
import {
  exportColumnsOf,
  fieldsIn,
  sortKeysOf,
  writableFields,
  type AnyEntityFields,
  type EntityFields,
  type FieldDeclaration,
  type OnDelete,
} from '../../shared/entities/fields';
import type { Database } from '../db/client';
import { admins, companies, users } from '../db/schema';
import { boolean as booleanColumn, date as dateColumn, number as numberColumn, text as textColumn, type ExportColumn } from '../lib/csvExport';
import { emptiesLast, type SortKey } from '../lib/listing';
import { ValidationError } from '../lib/validation';
import { columnKey, columnValuesOf, fieldColumn, fieldValuesOf } from '../lib/recordFromFields';
import { defineEntity, foldedLike, type AnyEntity, type EntityTable, type Example, type HookContext, type MakeLinked } from './entity';

/** What a reference may point at: the linked table's id and the column that names a record. */
const REFERENCE_TARGETS: Partial<Record<Resource, { table: EntityTable; name: PgColumn }>> = {
  company: { table: companies, name: companies.name },
  user: { table: users, name: users.email },
  admin: { table: admins, name: admins.email },
};

const targetOf = (to: Resource) => {
  const target = REFERENCE_TARGETS[to];
  if (!target) throw new Error(`a reference to '${to}' needs its entry in REFERENCE_TARGETS`);
  return target;
};

const ON_DELETE: Record<OnDelete, 'restrict' | 'cascade' | 'set null'> = { refuse: 'restrict', cascade: 'cascade', setEmpty: 'set null' };

function columnOf(name: string, field: FieldDeclaration) {
  const column = (() => {
    switch (field.type) {
      case 'credits':
        return numeric(name, { precision: 14, scale: 2, mode: 'number' });
      case 'integer':
        return integer(name);
      case 'boolean':
        return boolean(name);
      case 'date':
        return date(name, { mode: 'string' });
      case 'timestamp':
        return timestamp(name, { withTimezone: true, mode: 'date' });
      case 'files':
        return text(name).array();
      case 'reference': {
        const target = targetOf(field.to);
        return text(name).references(() => target.table.id, { onDelete: ON_DELETE[field.onDelete] });
      }
      default:
        return text(name);
    }
  })();
  const withDefault = field.default === undefined ? column : column.default(field.default as never);
  return field.required ? withDefault.notNull() : withDefault;
}

/**
 * The Drizzle table of a declared entity (`npm run db:generate` writes its migration): its id, a column per field,
 * its creation time and version, and the indexes its list uses (each sortable or filtered field, a reference with
 * the creation time, a trigram index on each searched text).
 */
export function tableOf<Fields extends Record<string, FieldDeclaration>>(declared: EntityFields<Fields>, tableName: string) {
  const entity = declared as unknown as EntityFields;
  const entries = Object.entries(entity.fields);
  return pgTable(
    tableName,
    {
      id: text('id').primaryKey(),
      ...Object.fromEntries(entries.map(([name, field]) => [columnKey(name), columnOf(name, field)])),
      createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
      version: integer('version').notNull().default(1),
    },
    (table) => {
      const column = (name: string) => (table as unknown as Record<string, PgColumn>)[columnKey(name)] as PgColumn;
      return [
        index(`${tableName}_created_at_idx`).on(table.createdAt, table.id),
        ...entries.flatMap(([name, field]) => {
          if (field.type === 'reference') return [index(`${tableName}_${name}_idx`).on(column(name), table.createdAt)];
          if (field.searched && (field.type === 'text' || field.type === 'longText' || field.type === 'email'))
            return [index(`${tableName}_${name}_fold_trgm_idx`).using('gin', sql`search_fold(${column(name)}) gin_trgm_ops`)];
          return field.sortable || field.filter ? [index(`${tableName}_${name}_idx`).on(column(name), table.id)] : [];
        }),
      ];
    },
  );
}

/** A body that creates a record, from the rules alone: the tests that enumerate entities send it. */
export const exampleOf =
  (entity: AnyEntityFields): Example<Record<string, unknown>> =>
  async (make: MakeLinked) => {
    const body: Record<string, unknown> = {};
    for (const name of writableFields(entity, 'create')) {
      const field = entity.fields[name] as FieldDeclaration;
      // The links too, so that the tests that send it cover them.
      if (!field.required && field.type !== 'reference') continue;
      body[name] = await sampleOf(field, make);
    }
    return body;
  };

async function sampleOf(field: FieldDeclaration, make: MakeLinked): Promise<unknown> {
  switch (field.type) {
    case 'reference':
      return make(field.to);
    case 'enum':
      return field.values[0];
    case 'credits':
    case 'integer':
      return field.values?.[0] ?? Math.max(field.min ?? 0, Math.min(field.max ?? 1, 1));
    case 'boolean':
      return true;
    case 'date':
      return '2026-01-01';
    case 'email':
      return 'example@example.com';
    case 'url':
      return 'https://example.com';
    case 'files':
      return [];
    default:
      return field.type === 'text' || field.type === 'longText' ? field.label.padEnd(field.minLength ?? 1, '.') : field.label;
  }
}

/** A body that changes a record made from the example: the text that names it, else its first enum's last value. */
export function updateExampleOf(entity: AnyEntityFields): Record<string, unknown> {
  const editable = writableFields(entity, 'update').map((name) => [name, entity.fields[name] as FieldDeclaration] as const);
  const text = editable.find(([name, field]) => name === entity.recordRepresentation && (field.type === 'text' || field.type === 'longText'));
  if (text) return { [text[0]]: `${text[1].label} (changed)` };
  const choice = editable.find(([, field]) => field.type === 'enum');
  return choice && choice[1].type === 'enum' ? { [choice[0]]: choice[1].values.at(-1) } : {};
}

/** The derived contract's parts the routes use (shared/contract/fromFields.ts). */
interface Contract {
  searchBody: z.ZodType;
  createBody: z.ZodType;
  updateBody: z.ZodType;
  page: z.ZodType;
  answer: z.ZodType;
  deleted: z.ZodType;
  export: ReturnType<typeof csvAnswer>;
}

/** The parts of `EntityDeclaration` an entity may add to or override; `false` leaves a standard route out (the Bank's paged search, export, update and read). */
export interface Hooks {
  search?: Partial<NonNullable<AnyEntity['search']>> | false;
  export?: Partial<NonNullable<AnyEntity['export']>> | false;
  create?: Partial<NonNullable<AnyEntity['create']>>;
  update?: Partial<NonNullable<AnyEntity['update']>> | false;
  read?: false;
  remove?: AnyEntity['remove'];
  routes?: AnyEntity['routes'];
  afterWrite?: AnyEntity['afterWrite'];
  onWriteSend?: AnyEntity['onWriteSend'];
  refuse?: AnyEntity['refuse'];
}

/** What the server adds to a declaration: its table, and where the derived rules are not enough, its own. */
export interface ServerSide {
  table: EntityTable;
  tag?: string;
  description: string;
  /** Where a reference's name comes from when the table keeps it (a column kept by triggers), by its `nameKey`. */
  nameColumns?: Record<string, PgColumn>;
  /** A sort key's order where the column's own is not it (empty values last, a long text's indexed prefix). */
  sortable?: Record<string, SortKey>;
  /** Each part of the standard routes' declaration may be completed: hooks, refusals, routes of its own. */
  more?: Hooks;
}

/**
 * The standard routes' declaration of a declared entity: the record read from its columns (a reference's name
 * joined), the search's criteria, text and sort keys, the CSV's columns, the bodies' values and changes, an example,
 * and the check that a reference names a record that exists.
 */
export function entityOf<Fields extends Record<string, FieldDeclaration>>(declared: EntityFields<Fields>, contract: Contract, server: ServerSide) {
  const entity = declared as unknown as EntityFields;
  const { table } = server;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const createdAt = columns.createdAt as PgColumn;
  const column = (name: string): PgColumn => fieldColumn(table, name);
  const entries = Object.entries(entity.fields);
  const references = entries.flatMap(([name, field]) => (field.type === 'reference' ? [{ name, field }] : []));

  /** A reference's name: the table's own column, else read from the linked table. */
  const nameOf = (name: string, field: Extract<FieldDeclaration, { type: 'reference' }>): SQL | PgColumn => {
    const kept = server.nameColumns?.[field.nameKey];
    if (kept) return kept;
    const target = targetOf(field.to);
    return sql`(SELECT ${target.name} FROM ${target.table} WHERE ${target.table.id} = ${column(name)})`;
  };
  /** More of the linked record (`also`): each column read from the linked table. */
  const alsoOf = (name: string, field: Extract<FieldDeclaration, { type: 'reference' }>) =>
    Object.entries(field.also ?? {}).map(([key, linkedName]) => {
      const target = targetOf(field.to);
      const linked = (getTableColumns(target.table) as Record<string, PgColumn>)[columnKey(linkedName)];
      if (!linked) throw new Error(`${entity.name}.${name}: no column ${linkedName} in the linked ${field.to}`);
      return [key, sql`(SELECT ${linked} FROM ${target.table} WHERE ${target.table.id} = ${column(name)})`] as const;
    });
  const selection: Record<string, unknown> = {
    ...columns,
    ...Object.fromEntries(
      references.flatMap(({ name, field }) => [
        [columnKey(field.nameKey), nameOf(name, field)],
        ...alsoOf(name, field).map(([key, value]) => [columnKey(key), value]),
      ]),
    ),
  };

  const toRecord = (row: Record<string, unknown>) => ({
    _id: row.id,
    ...fieldValuesOf(entity, row),
    ...Object.fromEntries(
      references.flatMap(({ field }) => [field.nameKey, ...Object.keys(field.also ?? {})].map((key) => [key, row[columnKey(key)] ?? null])),
    ),
    created_at: (row.createdAt as Date).toISOString(),
    version: row.version,
  });

  const searchedText = (pattern: SQLWrapper | string): SQL | undefined => {
    const matches = fieldsIn(entity, 'searched').map((name) => {
      const field = entity.fields[name] as FieldDeclaration;
      if (field.type !== 'reference') return foldedLike(column(name), pattern);
      // A kept name is matched on its own folded trigram index; otherwise the linked table's names are.
      const kept = server.nameColumns?.[field.nameKey];
      if (kept) return foldedLike(kept, pattern);
      const target = targetOf(field.to);
      return inArray(column(name), sql`(SELECT ${target.table.id} FROM ${target.table} WHERE ${foldedLike(target.name, pattern)})`);
    });
    return matches.length ? or(...matches) : undefined;
  };

  const sortable: Record<string, SortKey> = Object.fromEntries(
    sortKeysOf(entity).map((key) => {
      const reference = references.find(({ field }) => field.nameKey === key);
      const own = server.sortable?.[key];
      if (own) return [key, own];
      if (reference) return [key, emptiesLast(selection[columnKey(key)] as PgColumn)];
      return [key, key === 'created_at' ? createdAt : column(key)];
    }),
  );

  const exportColumns: ExportColumn[] = exportColumnsOf(entity).map((name) => {
    if (name === 'id') return textColumn('id', table.id);
    if (name === 'created_at') return dateColumn('created_at', createdAt);
    const reference = references.find(({ field }) => field.nameKey === name);
    if (reference) return textColumn(name, nameOf(reference.name, reference.field));
    const field = entity.fields[name] as FieldDeclaration;
    if (field.type === 'credits' || field.type === 'integer') return numberColumn(name, column(name));
    if (field.type === 'boolean') return booleanColumn(name, column(name));
    if (field.type === 'timestamp') return dateColumn(name, column(name));
    // A cell per record: its links, space-separated (a link holds no space), from a JSON array or a text array.
    if (field.type === 'files') {
      const links = column(name).dataType === 'json' ? sql`array(select jsonb_array_elements_text(${column(name)}))` : column(name);
      return textColumn(name, sql`array_to_string(${links}, ' ')`);
    }
    return textColumn(name, column(name));
  });

  /** A reference names a record that exists: else 400 with the field named. */
  const checkReferences = async (db: Database, body: Record<string, unknown>) => {
    for (const { name, field } of references) {
      const id = body[name];
      if (typeof id !== 'string') continue;
      const target = targetOf(field.to);
      const [found] = await db.select({ id: target.table.id }).from(target.table).where(eq(target.table.id, id)).limit(1);
      if (!found) throw new ValidationError({ [name]: `no such ${field.to.replace('_', ' ')}` });
    }
  };

  const more: Hooks = server.more ?? {};
  const { search: moreSearch, export: moreExport, create: moreCreate, update: moreUpdate, ...rest } = more;
  return defineEntity({
    name: entity.name as AnyEntity['name'],
    tag: server.tag ?? entity.plural,
    description: server.description,
    table,
    fields: selection,
    toRecord,
    contract: { answer: contract.answer, deleted: contract.deleted },
    search:
      moreSearch === false
        ? undefined
        : {
            body: contract.searchBody,
            page: contract.page,
            text: searchedText,
            filters: Object.fromEntries(fieldsIn(entity, 'filter').map((name) => [name, column(name)])),
            sortable,
            defaultSort: { field: entity.defaultSort.field, direction: entity.defaultSort.order === 'ASC' ? 1 : -1 },
            ...moreSearch,
          },
    // The export runs the search's query: no search, no export.
    export:
      moreSearch === false || moreExport === false
        ? undefined
        : { answer: contract.export, fileName: `${entity.name}s`, columns: exportColumns, ...moreExport },
    create: {
      body: contract.createBody,
      example: exampleOf(entity),
      values: (body: Record<string, unknown>) => columnValuesOf(body, writableFields(entity, 'create')),
      ...moreCreate,
      check: async (db: Database, body: Record<string, unknown>, context: HookContext) => {
        await checkReferences(db, body);
        await moreCreate?.check?.(db, body, context);
      },
    },
    update:
      moreUpdate === false
        ? undefined
        : {
            body: contract.updateBody,
            example: updateExampleOf(entity),
            changes: (body: Record<string, unknown>) => columnValuesOf(body, writableFields(entity, 'update')),
            ...moreUpdate,
            check: async (db: Database, body: Record<string, unknown>, id: string, context: HookContext) => {
              // A missing record answers 404 first, whatever its body links to (before the row lock: concurrent updates wait less).
              if (references.some(({ name }) => typeof body[name] === 'string')) await context.exists(id);
              await checkReferences(db, body);
              await moreUpdate?.check?.(db, body, id, context);
            },
          },
    ...rest,
  } as AnyEntity);
}
