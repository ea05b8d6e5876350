import { and, eq, getTableColumns, ilike, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PAGE_SIZE } from '../../shared/catalogue/pagination';
import { admins, sessions } from '../db/schema';
import { toAdminDto } from '../lib/adminDto';
import { changedFields, recordAudit } from '../lib/audit';
import { issueAuthToken, passwordLink, revokeAuthTokens } from '../lib/authTokens';
import { refuseTakenEmail } from '../lib/dbErrors';
import { AppError, notFound } from '../lib/errors';
import { hashToken, newId } from '../lib/ids';
import { containsPattern } from '../lib/validation';
import { inline, searchPage, type Bind } from '../lib/searchTotal';
import { ordered } from '../lib/listing';
import { csvExportRoute, date, exportSelection, text } from '../lib/csvExport';
import { answer, page } from '../lib/answers';
import { forgetKeptSessions, sessionOf } from '../lib/sessions';
import { idParams } from '../../shared/contract/envelope';
import { bulkAnswer, bulkDeleteBody } from '../../shared/contract/bulk';
import { versionHeaders } from '../../shared/contract/versions';
import { bulkDeleteAtVersions, deleteAtVersion, expectedVersion, refuseStale, sendVersion, updateAction } from '../lib/versions';
import type { Database } from '../db/client';
import {
  adminAnswer,
  adminCreateBody,
  adminDeleted,
  adminExport,
  adminPage,
  adminSearchBody,
  adminUpdateBody,
  type AdminSearch,
  type AdminUpdate,
} from '../../shared/contract/admins';

/** Administrators: search, create with an invitation, read, update, delete (never oneself). */
export async function adminRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app;
  const tags = ['Admins'];

  /**
   * An e-mail change is the first step of an account takeover, so it is told to the old address, and
   * it ends the changed admin's sessions (but the one making the change) and the links still out. A version sent
   * (If-Match or `version`) is checked under the row's lock.
   */
  async function saveAdmin(request: FastifyRequest, id: string, { version, ...changes }: AdminUpdate) {
    const { admin: actor, token } = sessionOf(request);
    const expected = expectedVersion(request, version);
    const { before, row } = await db
      .transaction(async (tx) => {
        const [before] = await tx.select().from(admins).where(eq(admins.id, id)).for('update');
        if (!before) throw notFound();
        await refuseStale(before.version, expected, async () => toAdminDto(before));
        const [row] = await tx.update(admins).set(changes).where(eq(admins.id, id)).returning();
        if (!row) throw notFound();
        if (row.email.toLowerCase() !== before.email.toLowerCase()) {
          await tx.delete(sessions).where(and(eq(sessions.adminId, id), ne(sessions.tokenHash, hashToken(token))));
          await revokeAuthTokens(tx, id);
          await app.mail.queue(
            {
              to: before.email,
              subject: 'Admin Platform: your sign-in address was changed',
              body: `Hello ${before.name},\n\n${actor.id === id ? 'You' : actor.name} changed the sign-in address of your Admin Platform account from ${before.email} to ${row.email}.\nYour sessions and password links were ended. If you did not expect this, tell another administrator at once.\n`,
            },
            request.log,
            tx,
          );
        }
        await recordAudit(tx, request, {
          action: updateAction(request),
          entity: 'admin',
          entityId: id,
          changes: changedFields(toAdminDto(before), toAdminDto(row)),
        });
        return { before, row };
      })
      .catch(refuseTakenEmail);
    if (row.email.toLowerCase() !== before.email.toLowerCase()) void app.mail.flush();
    return answer(toAdminDto(row));
  }

  /** The search's WHERE and ORDER BY (newest first), shared by the page and the export. */
  const listing = ({ search }: AdminSearch, bind: Bind = inline) => {
    const pattern = search ? bind('search', containsPattern(search)) : undefined;
    return {
      where: pattern ? or(ilike(admins.name, pattern), ilike(admins.email, pattern)) : undefined,
      order: (reversed = false) => ordered([admins.createdAt, admins.id], -1, reversed),
    };
  };

  app.post(
    '/admin/search',
    { schema: { tags, summary: 'Search administrators, a page at a time', body: adminSearchBody, response: { 200: adminPage } } },
    async (request) => {
      const { body } = request;
      const { order } = listing(body);
      const criteria = { where: (bind: Bind) => listing(body, bind).where, shape: '' };
      const { rows, total } = await searchPage(
        db,
        admins,
        criteria,
        { offset: body.offset, limit: PAGE_SIZE, exactCountLimit: config.exactCountLimit },
        (tx, window, total, where) =>
          tx
            .select({ ...getTableColumns(admins), searchTotal: total })
            .from(admins)
            .where(where)
            .orderBy(...order(window.reversed))
            .limit(window.limit)
            .offset(window.offset),
      );
      return page(rows.map(toAdminDto), total);
    },
  );

  const exportColumns = [text('id', admins.id), text('name', admins.name), text('email', admins.email), date('last_login_at', admins.lastLoginAt)];

  csvExportRoute(app, {
    url: '/admin/export',
    tags,
    summary: 'Export every administrator the search matches, as CSV',
    body: adminSearchBody,
    answer: adminExport,
    entity: 'admin',
    fileName: 'admins',
    columns: exportColumns,
    query: (body) => {
      const { where, order } = listing(body);
      return db
        .select(exportSelection(exportColumns))
        .from(admins)
        .where(where)
        .orderBy(...order());
    },
  });

  app.post(
    '/admin',
    { schema: { tags, summary: 'Create an administrator and mail them a set-password link', body: adminCreateBody, response: { 200: adminAnswer } } },
    async (request) => {
      const { name, email } = request.body;
      const taken = await db
        .select({ id: admins.id })
        .from(admins)
        .where(eq(sql`lower(${admins.email})`, email))
        .limit(1);
      if (taken.length) throw new AppError(409, 'EMAIL_TAKEN');
      const row = await db
        .transaction(async (tx) => {
          const [row] = await tx.insert(admins).values({ id: newId(), name, email }).returning();
          if (!row) throw new Error('insert returned no row');
          await recordAudit(tx, request, { action: 'create', entity: 'admin', entityId: row.id, changes: changedFields(null, toAdminDto(row)) });
          const token = await issueAuthToken(tx, row.id, 'invite');
          await app.mail.queue(
            {
              to: row.email,
              subject: 'Admin Platform: your administrator account',
              body: `Hello ${row.name},\n\n${sessionOf(request).admin.name} made you an administrator of Admin Platform.\nChoose your password within 7 days:\n${passwordLink(config.consoleUrl, token)}\n`,
            },
            request.log,
            tx,
          );
          return row;
        })
        .catch(refuseTakenEmail);
      void app.mail.flush();
      return answer(toAdminDto(row));
    },
  );

  /** The signed-in admin's own profile. */
  app.put(
    '/admin',
    {
      onSend: forgetKeptSessions,
      schema: { tags, summary: 'Update the signed-in administrator', headers: versionHeaders, body: adminUpdateBody, response: { 200: adminAnswer } },
    },
    async (request) => saveAdmin(request, sessionOf(request).admin.id, request.body),
  );

  app.get('/admin/:id', { schema: { tags, summary: 'Read an administrator', params: idParams, response: { 200: adminAnswer } } }, async (request, reply) => {
    const { id } = request.params;
    const [row] = await db.select().from(admins).where(eq(admins.id, id)).limit(1);
    if (!row) throw notFound();
    sendVersion(reply, row.version);
    return answer(toAdminDto(row));
  });

  app.put(
    '/admin/:id',
    {
      onSend: forgetKeptSessions,
      schema: { tags, summary: 'Update an administrator', params: idParams, headers: versionHeaders, body: adminUpdateBody, response: { 200: adminAnswer } },
    },
    async (request) => saveAdmin(request, request.params.id, request.body),
  );

  /** Deletes one administrator inside `tx`, never the one signed in (and while they are at `expected`, if given). */
  async function removeAdmin(tx: Database, request: FastifyRequest, id: string, expected?: number) {
    const self = sessionOf(request).admin.id;
    if (id === self) throw new AppError(403, 'CANNOT_DELETE_SELF');
    const [current] = await tx.select().from(admins).where(eq(admins.id, id)).for('update');
    if (!current) throw notFound();
    await refuseStale(current.version, expected, async () => toAdminDto(current));
    const [deleted] = await tx
      .delete(admins)
      .where(and(eq(admins.id, id), ne(admins.id, self)))
      .returning();
    if (!deleted) throw notFound();
    await recordAudit(tx, request, { action: 'delete', entity: 'admin', entityId: id, changes: changedFields(toAdminDto(deleted), null) });
  }

  app.delete(
    '/admin/:id',
    {
      onSend: forgetKeptSessions,
      schema: { tags, summary: 'Delete an administrator (never oneself)', params: idParams, headers: versionHeaders, response: { 200: adminDeleted } },
    },
    (request) => deleteAtVersion(db, request, removeAdmin),
  );

  app.post(
    '/admin/bulk_delete',
    {
      onSend: forgetKeptSessions,
      schema: { tags, summary: 'Delete several administrators in one transaction, each refusal reported', body: bulkDeleteBody, response: { 200: bulkAnswer } },
    },
    (request) => bulkDeleteAtVersions(db, request, admins, removeAdmin),
  );
}
