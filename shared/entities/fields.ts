import type { Resource } from '../catalogue/permissions';

/**
 * An entity's fields, declared once: plain data, read by the contract (its zod schemas, hence the OpenAPI document), by
 * the server (the table's columns, the record, search, sort, CSV, writes) and by the console (columns, filters, inputs
 * and their validators), none of which spells a field again. No zod here: the console imports this file.
 */
interface FieldBase {
  label: string;
  /** The list's column and filter, where the spec names them otherwise (the needs' urgency column). */
  listLabel?: string;
  /** A create must give it, and it is never emptied. */
  required?: boolean;
  /** A column of the default list. */
  list?: boolean;
  /**
   * A criterion of the search body (equality), and a filter of the list: always shown (true), shown while a link sets
   * it ('whenSet', a dashboard's figure), or never shown ('hidden', set by another screen: a company's tab).
   */
  filter?: boolean | 'whenSet' | 'hidden';
  /** A key `sort` may name. */
  sortable?: boolean;
  /** The list's text search matches it. */
  searched?: boolean;
  /** A column of the CSV export. */
  exported?: boolean;
  /** Who writes it: create and update (the default), create only, update only (a create stores `default`), or nobody (the server sets it). */
  write?: 'editable' | 'createOnly' | 'updateOnly' | 'readOnly';
  /** What a create that leaves it out stores (the table's default too). */
  default?: string | number | boolean;
}

interface TextField extends FieldBase {
  type: 'text' | 'longText';
  minLength?: number;
  maxLength?: number;
  /** A regular expression's source the whole value must match. */
  pattern?: string;
  /** Blanks around the value are dropped unless false (a description kept as typed, its indentation its content). */
  trim?: false;
}

interface PlainField extends FieldBase {
  type: 'email' | 'url' | 'boolean' | 'date' | 'timestamp';
}

interface NumberField extends FieldBase {
  /** An amount in the product's credits: two decimals. */
  type: 'credits' | 'integer';
  min?: number;
  max?: number;
  /** The only values it takes (a ratio chosen from a list: a select, its rule `one of …`), with the text shown for each. */
  values?: readonly number[];
  labels?: Readonly<Record<string, string>>;
}

interface EnumField extends FieldBase {
  type: 'enum';
  values: readonly string[];
  /** The text shown for a value, when not the value itself. */
  labels?: Readonly<Record<string, string>>;
}

export type OnDelete = 'refuse' | 'cascade' | 'setEmpty';

interface ReferenceField extends FieldBase {
  type: 'reference';
  /** The linked entity. */
  to: Resource;
  /** What deleting the linked record does: refused while linked (its safe-delete message counts these), or this record deleted too, or the link emptied. */
  onDelete: OnDelete;
  /** The record's key that carries the linked record's name (`company_name`), shown in lists and searched. */
  nameKey: string;
  /** More of the linked record the record carries, by the record's key: the linked column's name (`{ organisation_logo: 'logo_url' }`). */
  also?: Readonly<Record<string, string>>;
}

interface FilesField extends FieldBase {
  type: 'files';
  max: number;
}

export type FieldDeclaration = TextField | PlainField | NumberField | EnumField | ReferenceField | FilesField;

export interface EntityFields<Fields extends Record<string, FieldDeclaration> = Record<string, FieldDeclaration>> {
  /** The API path (`/{name}`), the permission table's resource, the audit trail's entity. */
  name: Resource;
  /** One record, and several (`Contract`, `Contracts`): the menu, the titles, the audit trail, the OpenAPI tag. */
  label: string;
  plural: string;
  fields: Fields;
  /** The field that names a record (its title, the autocomplete's text). */
  recordRepresentation: keyof Fields & string;
  /** The list's order without a sort. */
  defaultSort: { field: (keyof Fields & string) | 'created_at'; order: 'ASC' | 'DESC' };
  /** What the OpenAPI document says of it. */
  description?: string;
  /** The table of an entity whose table is derived (`{name}s` unless said). */
  table?: string;
  /** Its place in the console's menu (Dashboard first, then by position). */
  position?: number;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list holds declarations of every shape (keyof makes the type invariant)
export type AnyEntityFields = EntityFields<any>;

/** Types a declaration where it is written, its field names kept for the derived record's type. */
export const defineFields = <const Fields extends Record<string, FieldDeclaration>>(declaration: EntityFields<Fields>): EntityFields<Fields> => declaration;

/** What the helpers below read of a declaration. */
type Declared = { fields: Readonly<Record<string, FieldDeclaration>> };

export type FieldPart = 'list' | 'filter' | 'sortable' | 'searched' | 'exported';

/** The names of the fields that take part in `part`, in declaration order. */
export const fieldsIn = (entity: Declared, part: FieldPart): string[] =>
  Object.entries(entity.fields)
    .filter(([, field]) => field[part])
    .map(([name]) => name);

/** The fields a create body takes, and an update body. */
export const writableFields = (entity: Declared, on: 'create' | 'update'): string[] =>
  Object.entries(entity.fields)
    .filter(([, field]) => {
      const write = field.write ?? 'editable';
      return write === 'editable' || write === (on === 'create' ? 'createOnly' : 'updateOnly');
    })
    .map(([name]) => name);

/** The sort keys: the sortable fields (a reference by its name) and the creation time. */
export const sortKeysOf = (entity: Declared): string[] => [
  ...fieldsIn(entity, 'sortable').map((name) => {
    const field = entity.fields[name];
    return field?.type === 'reference' ? field.nameKey : name;
  }),
  'created_at',
];

/** The CSV's columns, in order: the id, each exported field (a reference with its name after it), the creation time. */
export const exportColumnsOf = (entity: Declared): string[] => [
  'id',
  ...fieldsIn(entity, 'exported').flatMap((name) => {
    const field = entity.fields[name];
    return field?.type === 'reference' ? [name, field.nameKey] : [name];
  }),
  'created_at',
];

/** The label of a value of an enum field. */
export const enumLabel = (field: EnumField, value: string): string => field.labels?.[value] ?? value;

/** The label of a value of a number field that declares its values. */
export const numberLabel = (field: NumberField, value: number): string => field.labels?.[String(value)] ?? String(value);

export type { EnumField, NumberField, ReferenceField };
