import { allowed, permit, refuseUnless } from '../lib/permissions';
import { appliesAtOnce, lockAllowance } from '../lib/fourEyes';
import { and, count, eq, getTableColumns, like, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../db/client';
import { companies, companyComments, creditRequests, syncJobs, type CompanyRow } from '../db/schema';
import { withStatus } from '../lib/creditRequests';
import { folded } from '../entities/entity';
import { answer, page } from '../lib/answers';
import { changedFields, recordAudit } from '../lib/audit';
import { toCompanyDto } from '../lib/companyDto';
import { commentsOf, companyDetailOf, findCompany, fullCompanyOf, toSyncJobDto } from '../lib/companyRecord';
import { CompanyNotEmptyError, dependentsOf } from '../lib/companyDependents';
import { AppError, notFound } from '../lib/errors';
import { adjustBalance, creditDifference } from '../lib/ledger';
import { newId } from '../lib/ids';
import { emptiesLast, sortOrder, type SortKey } from '../lib/listing';
import { columnValuesOf, fieldColumn } from '../lib/recordFromFields';
import { containsPattern, ValidationError } from '../lib/validation';
import { csvExportRoute, date, exportSelection, number, text } from '../lib/csvExport';
import { inline, searchPage, type Bind } from '../lib/searchTotal';
import { sessionOf } from '../lib/sessions';
import { requireFreshProofWhen } from '../lib/stepUp';
import { afterUpdate, checkDomainPair } from '../lib/domainRules';
import { idParams } from '../../shared/contract/envelope';
import { bulkAnswer, bulkDeleteBody } from '../../shared/contract/bulk';
import { versionHeaders } from '../../shared/contract/versions';
import { bulkDeleteAtVersions, deleteAtVersion, expectedVersion, refuseStale, sendVersion, StaleRecordError, updateAction } from '../lib/versions';
import { creditAmountSchema } from '../../shared/contract/primitives';
import { companyExportColumns, companyFields, companySortKeys, type CompanyField } from '../../shared/entities/companies';
import { fieldsIn, writableFields, type FieldDeclaration } from '../../shared/entities/fields';
import {
  companyCommentBody,
  companyCommentParams,
  companyCommentsAnswer,
  companyCreateBody,
  companyDeleted,
  companyDetailAnswer,
  companyPage,
  companyExport,
  companySummaryAnswer,
  companySearchBody,
  companySyncBody,
  type CompanySearch,
  companyUpdateBody,
  syncJobAnswer,
} from '../../shared/contract/companies';

/** The ledger reason of a balance changed through the whole-company PUT. */
const EDITED_IN_FORM = 'Edited in the company form';
/** The ledger reason of the entry that closes a deleted company's balance. */
const COMPANY_DELETED = 'Company deleted';

/** The balance travels as `{product}_balance`, a name known only at run time. */
function parseBalance(body: Record<string, unknown>, balanceField: string): number | undefined {
  const value = body[balanceField];
  if (value === undefined) return undefined;
  const parsed = creditAmountSchema.safeParse(value);
  if (!parsed.success) throw new ValidationError({ [balanceField]: parsed.error.issues[0]?.message ?? 'not a credit amount' });
  return parsed.data;
}

export async function companyRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app;
  const tags = ['Companies'];
  const balanceField = `${config.product}_balance`;
  // The declared sort keys (shared/entities/companies.ts); a field that may be empty sorts its empty values last.
  const sortable: Record<string, SortKey> = Object.fromEntries(
    companySortKeys(balanceField).map((key) => {
      if (key === balanceField) return [key, companies.creditBalance];
      if (key === 'created_at') return [key, companies.createdAt];
      const column = fieldColumn(companies, key);
      return [key, (companyFields.fields[key as CompanyField] as FieldDeclaration).required ? column : emptiesLast(column)];
    }),
  );
  const filters = fieldsIn(companyFields, 'filter').map((name) => ({ name, column: fieldColumn(companies, name) }));

  const fullCompany = (row: CompanyRow) => fullCompanyOf(db, config.product, row);

  /** Shared by the page and the export so that both list the same rows in the same order. */
  const listing = (body: CompanySearch, bind: Bind = inline) => {
    const conditions: SQL[] = [];
    if (body.search) conditions.push(like(companies.searchText, folded(bind('search', containsPattern(body.search)))));
    for (const { name, column } of filters) {
      const value = body[name as keyof CompanySearch];
      if (typeof value === 'string' && value) conditions.push(eq(column, bind(name, value)));
    }
    return {
      where: conditions.length ? and(...conditions) : undefined,
      order: sortOrder(body.sort, sortable, { field: 'created_at', direction: -1 }, companies.id),
    };
  };

  app.post(
    '/company/search',
    { ...permit('company', 'list'), schema: { tags, summary: 'Search companies, a page at a time', body: companySearchBody, response: { 200: companyPage } } },
    async (request) => {
      const { body } = request;
      const { order } = listing(body);
      const { rows, total } = await searchPage(
        db,
        companies,
        { where: (bind) => listing(body, bind).where, shape: JSON.stringify(body.sort ?? null) },
        { offset: body.offset, limit: body.limit, exactCountLimit: config.exactCountLimit },
        (tx, window, total, where) =>
          tx
            .select({ ...getTableColumns(companies), searchTotal: total })
            .from(companies)
            .where(where)
            .orderBy(...order(window.reversed))
            .limit(window.limit)
            .offset(window.offset),
      );
      return page(
        rows.map((row) => toCompanyDto(row, config.product)),
        total,
      );
    },
  );

  // The declared CSV columns; the balance is a credit amount, the others texts.
  const exportColumns = companyExportColumns(balanceField).map((name) => {
    if (name === balanceField) return number(name, companies.creditBalance);
    if (name === 'created_at') return date(name, companies.createdAt);
    return text(name, name === 'id' ? companies.id : fieldColumn(companies, name));
  });

  csvExportRoute(app, {
    url: '/company/export',
    resource: 'company',
    tags,
    summary: 'Export every company the search matches, as CSV',
    body: companySearchBody,
    answer: companyExport,
    entity: 'company',
    fileName: 'companies',
    columns: exportColumns,
    query: (body) => {
      const { where, order } = listing(body);
      return db
        .select(exportSelection(exportColumns))
        .from(companies)
        .where(where)
        .orderBy(...order());
    },
  });

  app.post(
    '/company',
    { ...permit('company', 'create'), schema: { tags, summary: 'Create a company', body: companyCreateBody, response: { 200: companyDetailAnswer } } },
    async (request) => {
      const { name, logo_url } = request.body;
      const row = await db.transaction(async (tx) => {
        const [row] = await tx.insert(companies).values({ id: newId(), name, logoUrl: logo_url }).returning();
        if (!row) throw new Error('insert returned no row');
        await recordAudit(tx, request, {
          action: 'create',
          entity: 'company',
          entityId: row.id,
          changes: changedFields(null, toCompanyDto(row, config.product)),
        });
        return row;
      });
      return answer(await fullCompany(row));
    },
  );

  app.get(
    '/company/:id',
    {
      ...permit('company', 'read'),
      schema: { tags, summary: 'Read a company, with its comments and last sync', params: idParams, response: { 200: companyDetailAnswer } },
    },
    async (request, reply) => {
      const { id } = request.params;
      const company = await companyDetailOf(db, config.product, id);
      sendVersion(reply, company.version);
      return answer(company);
    },
  );

  app.get(
    '/company/:id/summary',
    {
      ...permit('company', 'read'),
      schema: {
        tags,
        summary: "Count what hangs on a company (users, offers, needs, rooms, comments, pending credit requests): its page's summary",
        params: idParams,
        response: { 200: companySummaryAnswer },
      },
    },
    async (request) => {
      const { id } = request.params;
      await findCompany(db, id);
      const total = async (query: Promise<Array<{ total: number }>>) => (await query)[0]?.total ?? 0;
      const [dependents, comments, pending] = await Promise.all([
        dependentsOf(db, id),
        total(db.select({ total: count() }).from(companyComments).where(eq(companyComments.companyId, id))),
        total(
          db
            .select({ total: count() })
            .from(creditRequests)
            .where(and(eq(creditRequests.companyId, id), withStatus('pending'))),
        ),
      ]);
      const { users = 0, offers = 0, needs = 0, rooms = 0 } = dependents;
      return answer({ users, offers, needs, rooms, comments, pending_credit_requests: pending });
    },
  );

  /** The form's balance is an adjustment at once: only for who may adjust, and never past what they may move alone (four eyes by sum). */
  async function refuseBalanceEdit(tx: Database, request: FastifyRequest, difference: number) {
    refuseUnless(request, 'credit_entry', 'adjust');
    if (!(await appliesAtOnce(tx, request, difference))) throw new AppError(409, 'APPROVAL_REQUIRED');
  }

  app.put(
    '/company/:id',
    {
      ...permit('company', 'update', { freshProofWhen: 'balance_moves' }),
      schema: {
        tags,
        summary: 'Update a company (the whole object may be sent back); a balance difference goes through the ledger, and only from the current version',
        params: idParams,
        headers: versionHeaders,
        body: companyUpdateBody,
        response: { 200: companyDetailAnswer },
      },
    },
    async (request) => {
      const { id } = request.params;
      const fields = request.body;
      // The schema only documents the balance: its name is known only at run time.
      const balance = parseBalance(request.body, balanceField);
      const current = await findCompany(db, id);
      checkDomainPair(afterUpdate(fields.activity_domain, current.activityDomain), afterUpdate(fields.sub_activity_domain, current.subActivityDomain));
      const changes = columnValuesOf(fields, writableFields(companyFields, 'update')) as Partial<typeof companies.$inferInsert>;
      const { admin } = sessionOf(request);
      const expected = expectedVersion(request, fields.version);
      const row = await db.transaction(async (tx) => {
        // The requester's four-eyes lock before the company's row, in the order every ledger move takes them (server/lib/fourEyes.ts).
        if (balance !== undefined && allowed(request, 'credit_entry', 'adjust')) await lockAllowance(tx, admin.id);
        const [before] = await tx.select().from(companies).where(eq(companies.id, id)).for('update');
        if (!before) throw notFound();
        const currentRecord = () => companyDetailOf(tx, config.product, id);
        await refuseStale(before.version, expected, currentRecord);
        const balanceMoves = balance !== undefined && balance !== before.creditBalance;
        if (balanceMoves) await refuseBalanceEdit(tx, request, creditDifference(balance, before.creditBalance));
        // A balance never moves from a copy that may be stale: without the current version, a different one is refused.
        if (expected === undefined && balanceMoves) throw new StaleRecordError(await currentRecord());
        // Moving a balance is a dangerous call (issue 32), refused before anything is written.
        if (balanceMoves) await requireFreshProofWhen(request, 'balance_moves', tx);
        let [row] = Object.keys(changes).length ? await tx.update(companies).set(changes).where(eq(companies.id, id)).returning() : [before];
        if (!row) throw notFound();
        // The whole-object PUT may carry the balance: a difference goes through the ledger, like any other change of it.
        if (balanceMoves) {
          row = await adjustBalance(tx, {
            companyId: id,
            amount: creditDifference(balance, before.creditBalance),
            reason: EDITED_IN_FORM,
            admin: { id: admin.id, name: admin.name },
          });
        }
        await recordAudit(tx, request, {
          action: updateAction(request),
          entity: 'company',
          entityId: id,
          changes: changedFields(toCompanyDto(before, config.product), toCompanyDto(row, config.product)),
        });
        return row;
      });
      return answer(await fullCompany(row));
    },
  );

  /** Once nothing belongs to the company any more (and at `expected`, if given). */
  async function removeCompany(tx: Database, request: FastifyRequest, id: string, expected?: number) {
    const { admin } = sessionOf(request);
    // The requester's four-eyes lock before the company's row, in the order every ledger move takes them (server/lib/fourEyes.ts).
    if (allowed(request, 'credit_entry', 'adjust')) await lockAllowance(tx, admin.id);
    // Locked first: a user, offer, need or room attached meanwhile waits for this transaction, then fails.
    const [company] = await tx.select().from(companies).where(eq(companies.id, id)).for('update');
    if (!company) throw notFound();
    await refuseStale(company.version, expected, () => companyDetailOf(tx, config.product, id));
    const counts = await dependentsOf(tx, id);
    if (Object.values(counts).some((value) => value > 0)) throw new CompanyNotEmptyError(counts);
    // Closing a balance moves credits: a role that may not adjust them leaves a company with a balance to one who may.
    if (company.creditBalance !== 0 && !allowed(request, 'credit_entry', 'adjust')) throw new AppError(403, 'FORBIDDEN');
    // Credits never vanish unrecorded: a remaining balance is closed by a last ledger entry, which counts in the admin's
    // sum moved alone; past it (a balance above the threshold at least), it is brought to zero through an approved request first.
    if (company.creditBalance !== 0) {
      await requireFreshProofWhen(request, 'balance_held', tx);
      if (!(await appliesAtOnce(tx, request, -company.creditBalance))) throw new AppError(409, 'APPROVAL_REQUIRED');
      await adjustBalance(tx, { companyId: id, amount: -company.creditBalance, reason: COMPANY_DELETED, admin: { id: admin.id, name: admin.name } });
    }
    // The trail keeps what the deletion removes: the fields, the comments and the sync jobs.
    const [comments, jobs] = await Promise.all([commentsOf(tx, id), tx.select().from(syncJobs).where(eq(syncJobs.companyId, id))]);
    await tx.delete(companies).where(eq(companies.id, id));
    await recordAudit(tx, request, {
      action: 'delete',
      entity: 'company',
      entityId: id,
      changes: { ...changedFields(toCompanyDto(company, config.product), null), comments: [comments, null], sync_jobs: [jobs.map(toSyncJobDto), null] },
    });
  }

  app.delete(
    '/company/:id',
    {
      ...permit('company', 'delete', { freshProofWhen: 'balance_held' }),
      schema: {
        tags,
        summary:
          "Delete a company that nothing belongs to any more; its balance is closed by a ledger entry that counts in the admin's four-eyes sum (409 APPROVAL_REQUIRED past it)",
        params: idParams,
        headers: versionHeaders,
        response: { 200: companyDeleted },
      },
    },
    (request) => deleteAtVersion(db, request, removeCompany),
  );

  app.post(
    '/company/bulk_delete',
    {
      ...permit('company', 'bulk'),
      schema: {
        tags,
        summary: 'Delete several companies in one transaction; a company that is not empty is refused and reported',
        body: bulkDeleteBody,
        response: { 200: bulkAnswer },
      },
    },
    (request) => bulkDeleteAtVersions(db, request, companies, removeCompany),
  );

  app.post(
    '/company/:id/comment',
    {
      ...permit('company', 'comment'),
      schema: { tags, summary: 'Comment on a company', params: idParams, body: companyCommentBody, response: { 200: companyDetailAnswer } },
    },
    async (request) => {
      const { id } = request.params;
      const { text } = request.body;
      const { admin } = sessionOf(request);
      const company = await db.transaction(async (tx) => {
        const company = await findCompany(tx, id);
        const commentId = newId();
        await tx.insert(companyComments).values({ id: commentId, companyId: id, authorAdminId: admin.id, userName: admin.name, text });
        await recordAudit(tx, request, { action: 'comment', entity: 'company', entityId: id, changes: { comment: [null, { _id: commentId, text }] } });
        return company;
      });
      return answer(await fullCompany(company));
    },
  );

  app.put(
    '/company/:id/delete-comment/:commentId',
    {
      ...permit('company', 'comment'),
      schema: {
        tags,
        summary: "Delete a company's comment (one's own; anyone's with `moderate` on `company`), answering the comments left",
        params: companyCommentParams,
        response: { 200: companyCommentsAnswer },
      },
    },
    async (request) => {
      const { id, commentId } = request.params;
      const { admin } = sessionOf(request);
      await db.transaction(async (tx) => {
        await findCompany(tx, id);
        const [deleted] = await tx
          .delete(companyComments)
          .where(and(eq(companyComments.id, commentId), eq(companyComments.companyId, id)))
          .returning();
        if (!deleted) throw notFound();
        // An admin's word is theirs to withdraw; removing another's (or one whose author is gone) is moderation. The refusal rolls the delete back.
        if (deleted.authorAdminId !== admin.id) refuseUnless(request, 'company', 'moderate');
        await recordAudit(tx, request, {
          action: 'comment_delete',
          entity: 'company',
          entityId: id,
          changes: { comment: [{ _id: deleted.id, user_name: deleted.userName, text: deleted.text }, null] },
        });
      });
      return answer(await commentsOf(db, id));
    },
  );

  app.post(
    '/company/:id/sync',
    {
      ...permit('company', 'update'),
      schema: {
        tags,
        summary: 'Link a company to its record on the old platform and queue a sync job',
        params: idParams,
        body: companySyncBody,
        response: { 200: syncJobAnswer },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { organization_id } = request.body;
      const job = await db.transaction(async (tx) => {
        const before = await findCompany(tx, id);
        await tx.update(companies).set({ organizationId: organization_id }).where(eq(companies.id, id));
        const [job] = await tx
          .insert(syncJobs)
          .values({ id: newId(), companyId: id, organizationId: organization_id, status: 'queued', requestedBy: sessionOf(request).admin.id })
          .returning();
        if (!job) throw new Error('insert returned no row');
        await recordAudit(tx, request, {
          action: 'sync',
          entity: 'company',
          entityId: id,
          changes: { organization_id: [before.organizationId, organization_id], sync_job: [null, job.id] },
        });
        return job;
      });
      return answer(toSyncJobDto(job));
    },
  );
}
