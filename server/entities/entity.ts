import type { Resource } from '../../shared/catalogue/permissions';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  onSendHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AuditEntity } from '../../shared/catalogue/audit';
import type { csvAnswer } from '../../shared/contract/envelope';
import type { Database } from '../db/client';
import type { ExportColumn } from '../lib/csvExport';
import type { SortKey } from '../lib/listing';
import type { Bind } from '../lib/searchTotal';

/** A table the standard routes serve: an `id` and the `version` its trigger moves (migration 0022). */
export type EntityTable = PgTable & { id: PgColumn; version: PgColumn };

/** A record as the API answers it: always its id and version. */
interface EntityRecord {
  _id: string;
  version: number;
}

/** Makes one record of the named resource for an example to link to, and answers its id (the tests give it: tests/helpers/declaredRecords.ts). */
export type MakeLinked = (resource: Resource) => Promise<string>;

/** A body as it is, or a builder that first makes the records the body links to (`organisation_id: await make('company')`). */
export type Example<Body> = Body | ((make: MakeLinked) => Promise<Body>);

/** A search body: its criteria, an optional sort, and the page. */
interface SearchBody {
  offset: number;
  sort?: Record<string, 1 | -1>;
  search?: string;
}

/** One criterion of a search: equality with a column, or a condition of its own. */
type Filter = PgColumn | ((value: unknown, bind: Bind) => SQL | undefined);

/** The app as routes see it: bodies typed by their zod schemas. */
export type TypedApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/**
 * Text as every search compares it: lower-cased and without accents, by the database's `search_fold` (migration 0027),
 * the function the stored search columns and trigram indexes hold ("cedre" matches "Cèdre").
 */
export const folded = (text: SQLWrapper | string): SQL => sql`search_fold(${text}::text)`;

/** `text` contains the LIKE `pattern`, both folded: what every text search matches. */
export const foldedLike = (text: SQLWrapper, pattern: SQLWrapper | string): SQL => sql`${folded(text)} LIKE ${folded(pattern)}`;

/** What one admin's call carries into a hook: the request (its session, its log) and the app (its mail, its config). */
export interface HookContext {
  app: FastifyInstance;
  request: FastifyRequest;
  /** 404 unless the record exists, by the entity's prepared read. */
  exists: (id: string) => Promise<void>;
}

/**
 * One entity of the API, declared once: its table, its contract, how it is searched, exported, created, changed and
 * deleted. `entityRoutes` turns it into the standard routes under `/{name}`; what the entity alone needs is a hook.
 */
export interface EntityDeclaration<Fields extends Record<string, unknown>, Rec extends EntityRecord, Search extends SearchBody, Create, Update> {
  /** The API path (`/{name}`), the audit trail's entity, the permission table's resource, and the prefix of its statements' names. */
  name: AuditEntity & Resource;
  /** The OpenAPI tag of its routes, and what the document says of it. */
  tag: string;
  description: string;
  table: EntityTable;
  /** What a read selects: the table's columns, and joined ones (`join`). */
  fields: Fields;
  join?: (query: PgSelect) => PgSelect;
  toRecord: (row: SelectResultFields<Fields>) => Rec;
  /** The record as GET answers it, and the other shapes of the contract (shared/contract). */
  contract: { answer: z.ZodType; deleted: z.ZodType };
  search?: {
    body: z.ZodType<Search>;
    page: z.ZodType;
    /** The text search's condition over a LIKE pattern (`%text%`, escaped; `folded(pattern)` to match stored folded text, `foldedLike` a column). */
    text?: (pattern: SQLWrapper | string) => SQL | undefined;
    /** The body's other criteria, by name. */
    filters?: Partial<Record<keyof Search & string, Filter>>;
    /** The keys `sort` may name, and the order without one. */
    sortable: Record<string, SortKey>;
    defaultSort: { field: string; direction: 1 | -1 };
    summary?: string;
  };
  /** Whether it needs a fresh proof is the policy's (shared/catalogue/policy.ts). */
  export?: { answer: ReturnType<typeof csvAnswer>; fileName: string; columns: ExportColumn[] };
  create?: {
    body: z.ZodType<Create>;
    /** A body that creates one, or its builder: the tests that enumerate entities (audit trail, step-up) send it. */
    example: Example<Create>;
    summary?: string;
    /** The new row's values (its id is given). */
    values: (fields: Create) => Record<string, unknown>;
    /** Refusals before the write (a company that does not exist, a taken e-mail). */
    check?: (db: Database, fields: Create, context: HookContext) => Promise<void>;
    /** More work in the creating transaction (an invitation mailed). */
    then?: (tx: Database, record: Rec, context: HookContext) => Promise<void>;
  };
  update?: {
    body: z.ZodType<Update>;
    /** A body that changes one created from `create.example`, or its builder. */
    example: Example<Update>;
    summary?: string;
    /** The columns the body changes (fields left out are not changed). */
    changes: (fields: Update) => Record<string, unknown>;
    check?: (db: Database, fields: Update, id: string, context: HookContext) => Promise<void>;
    /** Checked on the changed record, in the transaction: throwing rolls the change back. */
    checkChanged?: (after: Rec) => void;
    /** More work in the updating transaction (the sessions an e-mail change ends). */
    then?: (tx: Database, before: Rec, after: Rec, context: HookContext) => Promise<void>;
    /** Replaces the locked read, update and read back (the offers' one-statement change). */
    write?: (
      tx: Database,
      id: string,
      changes: Record<string, unknown>,
      expected: number | undefined,
      find: (id: string, tx: Database, forUpdate: boolean) => Promise<Rec>,
    ) => Promise<{ before: Rec; after: Rec }>;
  };
  /** Refusals of one deletion, under the row's lock (never oneself). */
  remove?:
    | {
        check?: (record: Rec, context: HookContext) => void;
        /** Checked after the deletion, in its transaction: throwing rolls it back (the last owner). */
        then?: (tx: Database, record: Rec, context: HookContext) => Promise<void>;
        bulk?: boolean;
      }
    | false;
  /** Read by id (GET /{name}/:id); true unless false. */
  read?: boolean;
  /** Run after a create (`before` null) or an update commits: mail queued in it sent, caches told. */
  afterWrite?: (context: HookContext, written: { before: Rec | null; after: Rec }) => void;
  /** The write routes' onSend hook (the admins' forget the session cache). */
  onWriteSend?: onSendHookHandler;
  /** Turns a database error of a write into the client's refusal (a unique e-mail: 409 EMAIL_TAKEN). */
  refuse?: (error: unknown) => never;
  /** The entity's routes beyond the standard ones, given the same tools. */
  routes?: (app: TypedApp, tools: EntityTools<Rec>) => void;
}

/** What an entity's own routes reuse of the standard ones. */
export interface EntityTools<Rec> {
  /** The record, or 404; `forUpdate` locks its row until the transaction ends. */
  find: (id: string, tx?: Database, forUpdate?: boolean) => Promise<Rec>;
  /** The standard update of `id` with `fields` (PUT /admin, the signed-in admin's own, uses it). */
  update: (request: FastifyRequest, id: string, fields: unknown) => Promise<{ ok: true; data: Rec }>;
  tags: string[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list holds declarations of every shape
export type AnyEntity = EntityDeclaration<any, any, any, any, any>;

/** Types an entity's declaration where it is written. */
export const defineEntity = <Fields extends Record<string, unknown>, Rec extends EntityRecord, Search extends SearchBody, Create, Update>(
  declaration: EntityDeclaration<Fields, Rec, Search, Create, Update>,
): EntityDeclaration<Fields, Rec, Search, Create, Update> => declaration;
