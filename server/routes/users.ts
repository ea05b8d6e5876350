import { and, eq, inArray, like, ne, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PAGE_SIZE } from '../../shared/catalogue/pagination';
import { companies, impersonationTokens, users } from '../db/schema';
import type { Database } from '../db/client';
import { changedFields, recordAudit } from '../lib/audit';
import { refuseTakenEmail } from '../lib/dbErrors';
import { AppError, notFound } from '../lib/errors';
import { definedOnly } from '../lib/objects';
import { reusableSelect } from '../lib/preparedQueries';
import { hashToken, newId, newSecretToken } from '../lib/ids';
import { checkCompanyExists } from '../lib/organisations';
import { toUserDto } from '../lib/userDto';
import { containsPattern } from '../lib/validation';
import { answer, page } from '../lib/answers';
import { inline, pageIds, searchPage, type Bind } from '../lib/searchTotal';
import { ordered } from '../lib/listing';
import { csvExportRoute, date, exportSelection, text } from '../lib/csvExport';
import { sessionOf } from '../lib/sessions';
import { idParams } from '../../shared/contract/envelope';
import { bulkAnswer, bulkDeleteBody } from '../../shared/contract/bulk';
import { versionHeaders } from '../../shared/contract/versions';
import { actOnEachAtVersions, bulkDeleteAtVersions, deleteAtVersion, expectedVersion, refuseStale, sendVersion, updateAction } from '../lib/versions';
import {
  impersonationAnswer,
  userAnswer,
  userBulkMoveBody,
  userDeleted,
  userExport,
  userInviteBody,
  userPage,
  userSearchBody,
  userUpdateBody,
  type User,
  type UserSearch,
} from '../../shared/contract/users';

/** An impersonation token lives about a minute: long enough to open the link, too short to be kept. */
export const IMPERSONATION_TTL_MS = 60_000;

/** Marketplace users: search (also by company), read, update, delete, invite, 'Login as'. */
export async function userRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app;
  const tags = ['Users'];

  // A function: `.for()` changes the builder it is called on.
  const userWithCompany = () =>
    db
      .select({ user: users, organisationName: companies.name })
      .from(users)
      .leftJoin(companies, eq(companies.id, users.organisationId))
      .where(eq(users.id, sql.placeholder('id')))
      .limit(1);
  /** Built once and run by name, in a transaction or not; the locked read locks the user's row, not its company's. */
  const userRead = reusableSelect(userWithCompany(), 'user_read');
  const userLockedRead = reusableSelect(userWithCompany().for('update', { of: users }), 'user_read_locked');

  /** The user; `forUpdate` locks its row until the transaction ends. */
  async function findUser(id: string, tx: Database = db, forUpdate = false): Promise<User> {
    const [row] = await (forUpdate ? userLockedRead : userRead)(tx, { id });
    if (!row) throw notFound();
    return toUserDto(row.user, row.organisationName);
  }

  /** The search's WHERE and ORDER BY (newest first), shared by the page and the export. */
  const listing = ({ search, organisation_id }: UserSearch, bind: Bind = inline) => {
    const conditions: SQL[] = [];
    if (search) {
      // `name ILIKE p` is `lower(name) LIKE lower(p)` (PostgreSQL lower-cases both, then matches): lower(name) and
      // lower(email) are stored, so a row read costs a LIKE, not a lower-casing (schema.ts, migration 0012).
      const pattern = sql`lower(${bind('search', containsPattern(search))}::text)`;
      const textMatch = or(like(users.nameLower, pattern), like(users.emailLower, pattern));
      if (textMatch) conditions.push(textMatch);
    }
    if (organisation_id) conditions.push(eq(users.organisationId, bind('organisation_id', organisation_id)));
    return {
      where: conditions.length ? and(...conditions) : undefined,
      order: (reversed = false) => ordered([users.createdAt, users.id], -1, reversed),
    };
  };

  app.post(
    '/user/search',
    { schema: { tags, summary: 'Search users (also by company), a page at a time', body: userSearchBody, response: { 200: userPage } } },
    async (request) => {
      const { body } = request;
      const { order } = listing(body);
      // The page's ids first, then the joined names of those rows only: joined before the OFFSET, every skipped row would look up its company.
      const { rows, total } = await searchPage(
        db,
        users,
        { where: (bind) => listing(body, bind).where, shape: '' },
        { offset: body.offset, limit: PAGE_SIZE, exactCountLimit: config.exactCountLimit },
        (tx, window, total, where) => {
          const pageOrder = order(window.reversed);
          const ids = pageIds(tx, users, users.id, where, pageOrder, window);
          return tx
            .select({ user: users, organisationName: companies.name, searchTotal: total })
            .from(users)
            .leftJoin(companies, eq(companies.id, users.organisationId))
            .where(inArray(users.id, ids))
            .orderBy(...pageOrder);
        },
      );
      return page(
        rows.map((row) => toUserDto(row.user, row.organisationName)),
        total,
      );
    },
  );

  const exportColumns = [
    text('id', users.id),
    text('name', users.name),
    text('email', users.email),
    text('organisation_id', users.organisationId),
    text('organisation_name', companies.name),
    date('last_login_at', users.lastLoginAt),
  ];

  csvExportRoute(app, {
    url: '/user/export',
    tags,
    summary: 'Export every user the search matches, as CSV',
    body: userSearchBody,
    answer: userExport,
    entity: 'user',
    fileName: 'users',
    columns: exportColumns,
    query: (body) => {
      const { where, order } = listing(body);
      return db
        .select(exportSelection(exportColumns))
        .from(users)
        .leftJoin(companies, eq(companies.id, users.organisationId))
        .where(where)
        .orderBy(...order());
    },
  });

  app.post(
    '/user/invite',
    { schema: { tags, summary: 'Invite a user into a company, by e-mail', body: userInviteBody, response: { 200: userAnswer } } },
    async (request) => {
      const { name, email, organisation_id } = request.body;
      const company = { id: organisation_id, name: await checkCompanyExists(db, organisation_id) };
      const taken = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email))
        .limit(1);
      if (taken.length) throw new AppError(409, 'EMAIL_TAKEN');
      const row = await db
        .transaction(async (tx) => {
          const [row] = await tx.insert(users).values({ id: newId(), name, email, organisationId: company.id, invited: true }).returning();
          if (!row) throw new Error('insert returned no row');
          await recordAudit(tx, request, { action: 'invite', entity: 'user', entityId: row.id, changes: changedFields(null, toUserDto(row, company.name)) });
          await app.mail.queue(
            {
              to: email,
              subject: `You are invited to join ${company.name}`,
              body: `Hello ${name},\n\nYou have been invited to join ${company.name} on the marketplace.\nSign in here: ${config.appUrl}\n`,
            },
            request.log,
            tx,
          );
          return row;
        })
        .catch(refuseTakenEmail);
      void app.mail.flush();
      return answer(toUserDto(row, company.name));
    },
  );

  app.get('/user/:id', { schema: { tags, summary: 'Read a user', params: idParams, response: { 200: userAnswer } } }, async (request, reply) => {
    const { id } = request.params;
    const user = await findUser(id);
    sendVersion(reply, user.version);
    return answer(user);
  });

  /** The company is checked, and its name is the company's own, whatever name the client sent. */
  app.put(
    '/user/:id',
    { schema: { tags, summary: 'Update a user', params: idParams, headers: versionHeaders, body: userUpdateBody, response: { 200: userAnswer } } },
    async (request) => {
      const { id } = request.params;
      const { name, email, organisation_id, version } = request.body;
      const expected = expectedVersion(request, version);
      await findUser(id);
      if (organisation_id) await checkCompanyExists(db, organisation_id);
      if (email) {
        const taken = await db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(sql`lower(${users.email})`, email), ne(users.id, id)))
          .limit(1);
        if (taken.length) throw new AppError(409, 'EMAIL_TAKEN');
      }
      const changes = definedOnly({ name, email, organisationId: organisation_id });
      const after = await db
        .transaction(async (tx) => {
          const before = await findUser(id, tx, true);
          await refuseStale(before.version, expected, async () => before);
          if (Object.keys(changes).length) await tx.update(users).set(changes).where(eq(users.id, id));
          const after = await findUser(id, tx);
          await recordAudit(tx, request, { action: updateAction(request), entity: 'user', entityId: id, changes: changedFields(before, after) });
          return after;
        })
        .catch(refuseTakenEmail);
      return answer(after);
    },
  );

  /** Deletes one user inside `tx` (while they are at `expected`, if given: checked under their row lock). */
  async function removeUser(tx: Database, request: FastifyRequest, id: string, expected?: number) {
    const before = await findUser(id, tx, true);
    await refuseStale(before.version, expected, async () => before);
    await tx.delete(users).where(eq(users.id, id));
    await recordAudit(tx, request, { action: 'delete', entity: 'user', entityId: id, changes: changedFields(before, null) });
  }

  app.delete(
    '/user/:id',
    { schema: { tags, summary: 'Delete a user', params: idParams, headers: versionHeaders, response: { 200: userDeleted } } },
    (request) => deleteAtVersion(db, request, removeUser),
  );

  app.post(
    '/user/bulk_delete',
    { schema: { tags, summary: 'Delete several users in one transaction, each refusal reported', body: bulkDeleteBody, response: { 200: bulkAnswer } } },
    (request) => bulkDeleteAtVersions(db, request, users, removeUser),
  );

  /** The company is checked once: an unknown one refuses the whole call. */
  app.post(
    '/user/bulk_move',
    {
      schema: {
        tags,
        summary: 'Move several users to another company in one transaction, each refusal reported',
        body: userBulkMoveBody,
        response: { 200: bulkAnswer },
      },
    },
    async (request) => {
      const { organisation_id } = request.body;
      await checkCompanyExists(db, organisation_id);
      return actOnEachAtVersions(db, request.body, users, async (tx, id) => {
        const before = await findUser(id, tx);
        await tx.update(users).set({ organisationId: organisation_id }).where(eq(users.id, id));
        await recordAudit(tx, request, { action: 'update', entity: 'user', entityId: id, changes: changedFields(before, await findUser(id, tx)) });
      });
    },
  );

  /** 'Login as': a single-use token for this one user, recorded with the admin who asked. */
  app.post(
    '/user/:id/impersonate',
    {
      schema: {
        tags,
        summary: "'Login as': a single-use token for this user, valid about a minute",
        params: idParams,
        response: { 200: impersonationAnswer },
      },
    },
    async (request) => {
      const { id } = request.params;
      const token = newSecretToken();
      const expiresAt = new Date(Date.now() + IMPERSONATION_TTL_MS);
      const { admin } = sessionOf(request);
      await db.transaction(async (tx) => {
        const user = await findUser(id, tx);
        // Names are snapshots: the record of who logged in as whom outlives both accounts.
        await tx
          .insert(impersonationTokens)
          .values({ tokenHash: hashToken(token), adminId: admin.id, adminName: admin.name, userId: id, userName: user.name, expiresAt });
        await recordAudit(tx, request, { action: 'impersonation', entity: 'user', entityId: id, changes: { expires_at: [null, expiresAt.toISOString()] } });
      });
      return answer({ user_id: id, token, expires_at: expiresAt.toISOString() });
    },
  );
}
