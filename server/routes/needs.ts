import { and, eq, getTableColumns, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { inline, pageIds, searchPage, type Bind } from '../lib/searchTotal';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PAGE_SIZE } from '../../shared/catalogue/pagination';
import { needs, type NeedRow } from '../db/schema';
import type { Database } from '../db/client';
import { changedFields, recordAudit } from '../lib/audit';
import { afterUpdate, checkDomainPair } from '../lib/domainRules';
import { reusableSelect } from '../lib/preparedQueries';
import { notFound } from '../lib/errors';
import { definedOnly } from '../lib/objects';
import { newId } from '../lib/ids';
import { emptiesLast, sortOrder } from '../lib/listing';
import { csvExportRoute, date, exportSelection, text } from '../lib/csvExport';
import { checkCompanyExists } from '../lib/organisations';
import { containsPattern } from '../lib/validation';
import { answer, page } from '../lib/answers';
import { idParams } from '../../shared/contract/envelope';
import { bulkAnswer, bulkDeleteBody } from '../../shared/contract/bulk';
import { versionHeaders } from '../../shared/contract/versions';
import { actOnEachAtVersions, bulkDeleteAtVersions, deleteAtVersion, expectedVersion, refuseStale, sendVersion, updateAction } from '../lib/versions';
import {
  needAnswer,
  needBulkStatusBody,
  needCreateBody,
  needDeleted,
  needExport,
  needPage,
  needSearchBody,
  needUpdateBody,
  type Need,
  type NeedSearch,
} from '../../shared/contract/needs';

const toNeedDto = (need: NeedRow): Need => ({
  _id: need.id,
  organisation_id: need.organisationId,
  organisation_name: need.organisationName,
  activity_domain: need.activityDomain,
  sub_activity_domain: need.subActivityDomain,
  description: need.description,
  emergency: need.emergency,
  status: need.status,
  created_at: need.createdAt.toISOString(),
  version: need.version,
});

/** Needs: search, create, read, update, delete. */
export async function needRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app;
  const tags = ['Needs'];
  const sortable = {
    organisation_name: emptiesLast(needs.organisationName),
    // The first 200 characters (indexed), then the whole: the description's own order under a code-point collation (C, C.UTF-8; PGlite's).
    description: [sql`left(${needs.description}, 200)`, needs.description],
    emergency: needs.emergency,
    created_at: needs.createdAt,
  };

  // A function: `.for()` changes the builder it is called on.
  const needById = () =>
    db
      .select()
      .from(needs)
      .where(eq(needs.id, sql.placeholder('id')))
      .limit(1);
  /** Built once and run by name, in a transaction or not. */
  const needRead = reusableSelect(needById(), 'need_read');
  const needLockedRead = reusableSelect(needById().for('update'), 'need_read_locked');

  /** The need; `forUpdate` locks its row until the transaction ends. */
  async function findNeed(id: string, tx: Database = db, forUpdate = false) {
    const [row] = await (forUpdate ? needLockedRead : needRead)(tx, { id });
    if (!row) throw notFound();
    return row;
  }

  /** The search's WHERE and ORDER BY, shared by the page and the export so that both list the same rows in the same order. */
  const listing = (body: NeedSearch, bind: Bind = inline) => {
    const conditions: SQL[] = [];
    if (body.search) {
      const pattern = bind('search', containsPattern(body.search.toLowerCase()));
      const textMatch = or(sql`lower(${needs.description}) LIKE ${pattern}`, ilike(needs.organisationName, pattern));
      if (textMatch) conditions.push(textMatch);
    }
    if (body.activity_domain) conditions.push(eq(needs.activityDomain, bind('activity_domain', body.activity_domain)));
    if (body.sub_activity_domain) conditions.push(eq(needs.subActivityDomain, bind('sub_activity_domain', body.sub_activity_domain)));
    if (body.organisation_id) conditions.push(eq(needs.organisationId, bind('organisation_id', body.organisation_id)));
    if (body.emergency) conditions.push(eq(needs.emergency, bind('emergency', body.emergency)));
    if (body.status) conditions.push(eq(needs.status, bind('status', body.status)));
    return {
      where: conditions.length ? and(...conditions) : undefined,
      order: sortOrder(body.sort, sortable, { field: 'created_at', direction: -1 }, needs.id),
    };
  };

  app.post(
    '/need/search',
    { schema: { tags, summary: 'Search needs, a page at a time', body: needSearchBody, response: { 200: needPage } } },
    async (request) => {
      const { body } = request;
      const { order } = listing(body);
      // The page's ids first (an index-only scan skips the OFFSET's rows), then those rows.
      const { rows, total } = await searchPage(
        db,
        needs,
        { where: (bind) => listing(body, bind).where, shape: JSON.stringify(body.sort ?? null) },
        { offset: body.offset, limit: PAGE_SIZE, exactCountLimit: config.exactCountLimit },
        (tx, window, total, where) => {
          const pageOrder = order(window.reversed);
          const ids = pageIds(tx, needs, needs.id, where, pageOrder, window);
          return tx
            .select({ ...getTableColumns(needs), searchTotal: total })
            .from(needs)
            .where(inArray(needs.id, ids))
            .orderBy(...pageOrder);
        },
      );
      return page(rows.map(toNeedDto), total);
    },
  );

  const exportColumns = [
    text('id', needs.id),
    text('organisation_id', needs.organisationId),
    text('organisation_name', needs.organisationName),
    text('description', needs.description),
    text('emergency', needs.emergency),
    date('created_at', needs.createdAt),
  ];

  csvExportRoute(app, {
    url: '/need/export',
    tags,
    summary: 'Export every need the search matches, as CSV',
    body: needSearchBody,
    answer: needExport,
    entity: 'need',
    fileName: 'needs',
    columns: exportColumns,
    query: (body) => {
      const { where, order } = listing(body);
      return db
        .select(exportSelection(exportColumns))
        .from(needs)
        .where(where)
        .orderBy(...order());
    },
  });

  app.post('/need', { schema: { tags, summary: 'Create a need', body: needCreateBody, response: { 200: needAnswer } } }, async (request) => {
    const fields = request.body;
    checkDomainPair(fields.activity_domain, fields.sub_activity_domain);
    if (fields.organisation_id) await checkCompanyExists(db, fields.organisation_id);
    const id = newId();
    const created = await db.transaction(async (tx) => {
      await tx.insert(needs).values({
        id,
        description: fields.description,
        emergency: fields.emergency,
        organisationId: fields.organisation_id ?? null,
        activityDomain: fields.activity_domain ?? null,
        subActivityDomain: fields.sub_activity_domain ?? null,
      });
      const created = toNeedDto(await findNeed(id, tx));
      await recordAudit(tx, request, { action: 'create', entity: 'need', entityId: id, changes: changedFields(null, created) });
      return created;
    });
    return answer(created);
  });

  app.get('/need/:id', { schema: { tags, summary: 'Read a need', params: idParams, response: { 200: needAnswer } } }, async (request, reply) => {
    const { id } = request.params;
    const need = toNeedDto(await findNeed(id));
    sendVersion(reply, need.version);
    return answer(need);
  });

  app.put(
    '/need/:id',
    {
      schema: {
        tags,
        summary: 'Update a need (any status may follow any other)',
        params: idParams,
        headers: versionHeaders,
        body: needUpdateBody,
        response: { 200: needAnswer },
      },
    },
    async (request) => {
      const { id } = request.params;
      const fields = request.body;
      const changes = definedOnly({
        description: fields.description,
        emergency: fields.emergency,
        status: fields.status,
        organisationId: fields.organisation_id,
        activityDomain: fields.activity_domain,
        subActivityDomain: fields.sub_activity_domain,
      });
      const expected = expectedVersion(request, fields.version);
      // The checks read the row the update changes, locked: a concurrent update cannot slip in between.
      const updated = await db.transaction(async (tx) => {
        const need = await findNeed(id, tx, true);
        await refuseStale(need.version, expected, async () => toNeedDto(need));
        checkDomainPair(afterUpdate(fields.activity_domain, need.activityDomain), afterUpdate(fields.sub_activity_domain, need.subActivityDomain));
        if (fields.organisation_id) await checkCompanyExists(tx, fields.organisation_id);
        const before = toNeedDto(need);
        if (Object.keys(changes).length) await tx.update(needs).set(changes).where(eq(needs.id, id));
        const after = toNeedDto(await findNeed(id, tx));
        await recordAudit(tx, request, { action: updateAction(request), entity: 'need', entityId: id, changes: changedFields(before, after) });
        return after;
      });
      return answer(updated);
    },
  );

  /** Deletes one need inside `tx` (while it is at `expected`, if given: checked under its row lock). */
  async function removeNeed(tx: Database, request: FastifyRequest, id: string, expected?: number) {
    const before = toNeedDto(await findNeed(id, tx, true));
    await refuseStale(before.version, expected, async () => before);
    await tx.delete(needs).where(eq(needs.id, id));
    await recordAudit(tx, request, { action: 'delete', entity: 'need', entityId: id, changes: changedFields(before, null) });
  }

  app.delete(
    '/need/:id',
    { schema: { tags, summary: 'Delete a need', params: idParams, headers: versionHeaders, response: { 200: needDeleted } } },
    (request) => deleteAtVersion(db, request, removeNeed),
  );

  app.post(
    '/need/bulk_delete',
    { schema: { tags, summary: 'Delete several needs in one transaction, each refusal reported', body: bulkDeleteBody, response: { 200: bulkAnswer } } },
    (request) => bulkDeleteAtVersions(db, request, needs, removeNeed),
  );

  app.post(
    '/need/bulk_status',
    {
      schema: {
        tags,
        summary: 'Set the status of several needs in one transaction, each refusal reported',
        body: needBulkStatusBody,
        response: { 200: bulkAnswer },
      },
    },
    (request) =>
      actOnEachAtVersions(db, request.body, needs, async (tx, id) => {
        const before = toNeedDto(await findNeed(id, tx));
        await tx.update(needs).set({ status: request.body.status }).where(eq(needs.id, id));
        await recordAudit(tx, request, { action: 'update', entity: 'need', entityId: id, changes: changedFields(before, toNeedDto(await findNeed(id, tx))) });
      }),
  );
}
