import { permit } from '../lib/permissions';
import type { Action, Resource } from '../../shared/catalogue/permissions';
import { sensitivityOf } from '../../shared/catalogue/policy';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bulkAnswer, bulkDeleteBody } from '../../shared/contract/bulk';
import { idParams } from '../../shared/contract/envelope';
import { versionHeaders } from '../../shared/contract/versions';
import type { Database } from '../db/client';
import { answer, page } from '../lib/answers';
import { changedFields, recordAudit } from '../lib/audit';
import { csvExportRoute, exportSelection } from '../lib/csvExport';
import { notFound } from '../lib/errors';
import { newId } from '../lib/ids';
import { sortOrder } from '../lib/listing';
import { reusableSelect } from '../lib/preparedQueries';
import { refuseWhileLinked, refusingLinksOf } from '../lib/refusingLinks';
import { inline, pageIds, searchPage, type Bind } from '../lib/searchTotal';
import { containsPattern } from '../lib/validation';
import { bulkDeleteAtVersions, deleteAtVersion, expectedVersion, refuseStale, sendVersion, updateAction } from '../lib/versions';
import type { AnyEntity, EntityTools, HookContext } from './entity';

/**
 * The standard routes of a declared entity under `/{name}`: search (paged, with its total), export, read, create,
 * update and delete at the client's version, bulk delete; then the entity's own routes.
 */
export function entityRoutes(entity: AnyEntity) {
  return async function routes(fastify: FastifyInstance): Promise<void> {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { db, config } = app;
    const { name, table, fields } = entity;
    const tags = [entity.tag];
    const path = `/${name}`;
    const refuse = entity.refuse ?? ((error: unknown) => Promise.reject(error));
    const writeOptions = entity.onWriteSend ? { onSend: entity.onWriteSend } : {};

    const selected = (from: Database, selection: Record<string, unknown> = fields) =>
      (entity.join ?? ((query: PgSelect) => query))(
        from
          .select(selection as never)
          .from(table)
          .$dynamic() as unknown as PgSelect,
      );
    // Built once and run by name, in a transaction or not (reusableSelect); the locked read locks this table's row only.
    const byId = () =>
      selected(db)
        .where(eq(table.id, sql.placeholder('id')))
        .limit(1);
    const read = reusableSelect(byId() as never, `${name}_read`);
    const lockedRead = reusableSelect(byId().for('update', { of: table }) as never, `${name}_read_locked`);

    async function find(id: string, tx: Database = db, forUpdate = false) {
      const [row] = await (forUpdate ? lockedRead : read)(tx, { id });
      if (!row) throw notFound();
      return entity.toRecord(row);
    }
    const exists = async (id: string) => void (await find(id));
    const contextOf = (request: FastifyRequest): HookContext => ({ app, request, exists });

    if (entity.search) {
      const search = entity.search;
      const sortable = search.sortable;
      /** The search's WHERE and ORDER BY, shared by the page and the export so that both list the same rows in the same order. */
      const listing = (body: Record<string, unknown> & { sort?: Record<string, 1 | -1> }, bind: Bind = inline) => {
        const conditions: SQL[] = [];
        if (typeof body.search === 'string' && body.search && search.text) {
          const condition = search.text(bind('search', containsPattern(body.search)));
          if (condition) conditions.push(condition);
        }
        for (const [field, filter] of Object.entries(search.filters ?? {})) {
          const value = body[field];
          if (value === undefined || value === null || value === '' || !filter) continue;
          const condition = typeof filter === 'function' ? filter(value, bind) : eq(filter, bind(field, value));
          if (condition) conditions.push(condition);
        }
        return { where: conditions.length ? and(...conditions) : undefined, order: sortOrder(body.sort, sortable, search.defaultSort, table.id) };
      };
      // The prepared statement's key besides the names bound: the sort, and the criteria given (a criterion of its own,
      // such as users invited who never signed in, may bind no value and still change the SQL).
      const shapeOf = (body: Record<string, unknown>) =>
        JSON.stringify([body.sort ?? null, Object.keys(search.filters ?? {}).filter((field) => ![undefined, null, ''].includes(body[field] as never))]);

      app.post(
        `${path}/search`,
        {
          ...permit(name, 'list'),
          schema: { tags, summary: search.summary ?? `Search ${tags[0]?.toLowerCase()}, a page at a time`, body: search.body, response: { 200: search.page } },
        },
        async (request) => {
          const body = request.body as Record<string, unknown> & { offset: number; limit: number };
          const { order } = listing(body);
          const { rows, total } = await searchPage(
            db,
            table,
            { where: (bind) => listing(body, bind).where, shape: shapeOf(body) },
            { offset: body.offset, limit: body.limit, exactCountLimit: config.exactCountLimit },
            (tx, window, total, where) => {
              const pageOrder = order(window.reversed);
              const ids = pageIds(tx, table, table.id, where, pageOrder, window);
              return selected(tx, { ...fields, searchTotal: total })
                .where(inArray(table.id, ids))
                .orderBy(...pageOrder) as never;
            },
          );
          return page((rows as never[]).map(entity.toRecord), total);
        },
      );

      if (entity.export) {
        const { columns, fileName, answer: exportAnswer } = entity.export;
        csvExportRoute(app, {
          url: `${path}/export`,
          resource: name,
          tags,
          summary: `Export every ${name.replace('_', ' ')} the search matches, as CSV`,
          body: search.body as never,
          answer: exportAnswer,
          entity: name,
          fileName,
          columns,
          query: (body) => {
            const { where, order } = listing(body as Record<string, unknown>);
            return selected(db, exportSelection(columns))
              .where(where)
              .orderBy(...order());
          },
        });
      }
    }

    if (entity.create) {
      const create = entity.create;
      app.post(
        path,
        {
          ...permit(name, 'create'),
          schema: { tags, summary: create.summary ?? `Create ${article(name)}`, body: create.body, response: { 200: entity.contract.answer } },
        },
        async (request) => {
          const context = contextOf(request);
          await create.check?.(db, request.body, context);
          const id = newId();
          const created = await db
            .transaction(async (tx) => {
              await tx.insert(table).values({ id, ...create.values(request.body) } as never);
              const record = await find(id, tx);
              await recordAudit(tx, request, { action: 'create', entity: name, entityId: id, changes: changedFields(null, record) });
              await create.then?.(tx, record, context);
              return record;
            })
            .catch(refuse);
          entity.afterWrite?.(context, { before: null, after: created });
          return answer(created);
        },
      );
    }

    if (entity.read !== false) {
      app.get(
        `${path}/:id`,
        { ...permit(name, 'read'), schema: { tags, summary: `Read ${article(name)}`, params: idParams, response: { 200: entity.contract.answer } } },
        async (request, reply) => {
          const record = await find(request.params.id);
          sendVersion(reply, record.version);
          return answer(record);
        },
      );
    }

    /** The update of one record at the version the client sent (If-Match or `version`), checked under its row lock. */
    async function update(request: FastifyRequest, id: string, fields: Record<string, unknown> & { version?: number }) {
      const rules = entity.update;
      if (!rules) throw notFound();
      const context = contextOf(request);
      const expected = expectedVersion(request, fields.version);
      await rules.check?.(db, fields, id, context);
      const changes = rules.changes(fields);
      const written = await db
        .transaction(async (tx) => {
          const { before, after } = rules.write ? await rules.write(tx, id, changes, expected, find) : await lockedChange(tx, id, changes, expected);
          rules.checkChanged?.(after);
          await recordAudit(tx, request, { action: updateAction(request), entity: name, entityId: id, changes: changedFields(before, after) });
          await rules.then?.(tx, before, after, context);
          return { before, after };
        })
        .catch(refuse);
      entity.afterWrite?.(context, written);
      return answer(written.after);
    }

    /** Locks the row, refuses a stale version, writes the changes and reads the record back. */
    async function lockedChange(tx: Database, id: string, changes: Record<string, unknown>, expected: number | undefined) {
      const before = await find(id, tx, true);
      await refuseStale(before.version, expected, async () => before);
      if (!Object.keys(changes).length) return { before, after: before };
      await tx
        .update(table)
        .set(changes as never)
        .where(eq(table.id, id));
      return { before, after: await find(id, tx) };
    }

    if (entity.update) {
      app.put(
        `${path}/:id`,
        {
          ...writeOptions,
          ...permit(name, 'update', judgedCase(name, 'update')),
          schema: {
            tags,
            summary: entity.update.summary ?? `Update ${article(name)}`,
            params: idParams,
            headers: versionHeaders,
            body: entity.update.body,
            response: { 200: entity.contract.answer },
          },
        },
        (request) => update(request, request.params.id, request.body as Record<string, unknown>),
      );
    }

    if (entity.remove !== false) {
      const { check, then } = entity.remove ?? {};
      // Declared links to this entity that refuse its deletion (shared/entities/): counted under the record's lock.
      const linkedFrom = refusingLinksOf(name);
      /** Deletes one record inside `tx` (while it is at `expected`, if given: checked under its row lock). */
      const removeOne = async (tx: Database, request: FastifyRequest, id: string, expected?: number) => {
        const before = await find(id, tx, true);
        check?.(before, contextOf(request));
        await refuseStale(before.version, expected, async () => before);
        await refuseWhileLinked(tx, linkedFrom, id);
        await tx.delete(table).where(eq(table.id, id));
        await then?.(tx, before, contextOf(request));
        await recordAudit(tx, request, { action: 'delete', entity: name, entityId: id, changes: changedFields(before, null) });
      };
      app.delete(
        `${path}/:id`,
        {
          ...writeOptions,
          ...permit(name, 'delete', judgedCase(name, 'delete')),
          schema: { tags, summary: `Delete ${article(name)}`, params: idParams, headers: versionHeaders, response: { 200: entity.contract.deleted } },
        },
        (request) => deleteAtVersion(db, request, removeOne),
      );
      if (entity.remove?.bulk !== false) {
        app.post(
          `${path}/bulk_delete`,
          {
            ...writeOptions,
            ...permit(name, 'bulk'),
            schema: {
              tags,
              summary: `Delete several ${tags[0]?.toLowerCase()} in one transaction, each refusal reported`,
              body: bulkDeleteBody,
              response: { 200: bulkAnswer },
            },
          },
          (request) => bulkDeleteAtVersions(db, request, table as never, removeOne),
        );
      }
    }

    const tools: EntityTools<unknown> = { find, update: (request, id, body) => update(request, id, body as Record<string, unknown>), tags };
    entity.routes?.(app, tools as never);
  };
}

/** `an offer`, `a need`, `a category image`: the summaries' noun. */
/** The case in which the policy asks a fresh proof of a standard route, which the entity's hooks judge (`requireFreshProofWhen`). */
function judgedCase(resource: Resource, action: Action) {
  const { freshProof } = sensitivityOf(resource, action);
  return freshProof && freshProof !== 'always' ? { freshProofWhen: freshProof } : {};
}

const article = (name: string) => `${/^[aeiou]/.test(name) ? 'an' : 'a'} ${name.replace('_', ' ')}`;
