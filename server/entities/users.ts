import { permit } from '../lib/permissions';
import { eq, like, or } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { companies, impersonationTokens, users } from '../db/schema';
import { changedFields, recordAudit } from '../lib/audit';
import { refuseTakenEmail } from '../lib/dbErrors';
import { refuseEmailInUse } from '../lib/emailInUse';
import { definedOnly } from '../lib/objects';
import { hashToken, newId, newSecretToken } from '../lib/ids';
import { checkCompanyExists } from '../lib/organisations';
import { toUserDto } from '../lib/userDto';
import { answer } from '../lib/answers';
import { date, text } from '../lib/csvExport';
import { sessionOf } from '../lib/sessions';
import { idParams } from '../../shared/contract/envelope';
import { bulkAnswer } from '../../shared/contract/bulk';
import { actOnEachAtVersions } from '../lib/versions';
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
} from '../../shared/contract/users';
import { defineEntity, lowered } from './entity';

/** An impersonation token lives about a minute: long enough to open the link, too short to be kept. */
const IMPERSONATION_TTL_MS = 60_000;

/** Marketplace users: search (also by company), export, read, update, delete, invite, move, 'Login as'. */
export default defineEntity({
  name: 'user',
  tag: 'Users',
  description: 'The marketplace’s users.',
  table: users,
  fields: { user: users, organisationName: companies.name },
  join: (query: PgSelect) => query.leftJoin(companies, eq(companies.id, users.organisationId)),
  toRecord: (row) => toUserDto(row.user, row.organisationName),
  contract: { answer: userAnswer, deleted: userDeleted },
  search: {
    body: userSearchBody,
    page: userPage,
    summary: 'Search users (also by company), a page at a time',
    // lower(name) and lower(email) are stored (migration 0012): a row read costs a LIKE, not a lower-casing.
    text: (pattern) => or(like(users.nameLower, lowered(pattern)), like(users.emailLower, lowered(pattern))),
    filters: { organisation_id: users.organisationId },
    sortable: { created_at: users.createdAt },
    defaultSort: { field: 'created_at', direction: -1 },
  },
  export: {
    answer: userExport,
    fileName: 'users',
    columns: [
      text('id', users.id),
      text('name', users.name),
      text('email', users.email),
      text('organisation_id', users.organisationId),
      text('organisation_name', companies.name),
      date('last_login_at', users.lastLoginAt),
    ],
  },
  update: {
    body: userUpdateBody,
    example: { name: 'Renamed' },
    /** The company is checked, and its name is the company's own, whatever name the client sent. */
    check: async (db, { email, organisation_id }, id) => {
      if (organisation_id) await checkCompanyExists(db, organisation_id);
      if (email) await refuseEmailInUse(db, users, email, id);
    },
    changes: ({ name, email, organisation_id }) => definedOnly({ name, email, organisationId: organisation_id }),
  },
  refuse: refuseTakenEmail,
  routes: (app, { find, tags }) => {
    const { db, config } = app;

    app.post(
      '/user/invite',
      {
        ...permit('user', 'create'),
        schema: { tags, summary: 'Invite a user into a company, by e-mail', body: userInviteBody, response: { 200: userAnswer } },
      },
      async (request) => {
        const { name, email, organisation_id } = request.body;
        const company = { id: organisation_id, name: await checkCompanyExists(db, organisation_id) };
        await refuseEmailInUse(db, users, email);
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

    /** The company is checked once: an unknown one refuses the whole call. */
    app.post(
      '/user/bulk_move',
      {
        ...permit('user', 'bulk'),
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
          const before = await find(id, tx);
          await tx.update(users).set({ organisationId: organisation_id }).where(eq(users.id, id));
          await recordAudit(tx, request, { action: 'update', entity: 'user', entityId: id, changes: changedFields(before, await find(id, tx)) });
        });
      },
    );

    /** 'Login as': a single-use token for this one user, recorded with the admin who asked. */
    app.post(
      '/user/:id/impersonate',
      {
        ...permit('user', 'impersonate'),
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
          const user = await find(id, tx);
          // Names are snapshots: the record of who logged in as whom outlives both accounts.
          await tx
            .insert(impersonationTokens)
            .values({ tokenHash: hashToken(token), adminId: admin.id, adminName: admin.name, userId: id, userName: user.name, expiresAt });
          await recordAudit(tx, request, { action: 'impersonation', entity: 'user', entityId: id, changes: { expires_at: [null, expiresAt.toISOString()] } });
        });
        return answer({ user_id: id, token, expires_at: expiresAt.toISOString() });
      },
    );
  },
});
