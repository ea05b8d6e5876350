import { invitedNotSignedIn } from '../lib/dashboardTodo';
import { permit } from '../lib/permissions';
import { eq, like, or, sql } from 'drizzle-orm';
import { companies, impersonationTokens, users } from '../db/schema';
import { changedFields, recordAudit } from '../lib/audit';
import { refuseTakenEmail } from '../lib/dbErrors';
import { refuseEmailInUse } from '../lib/emailInUse';
import { hashToken, newId, newSecretToken } from '../lib/ids';
import { checkCompanyExists } from '../lib/organisations';
import { toUserDto } from '../lib/userDto';
import { answer } from '../lib/answers';
import { sessionOf } from '../lib/sessions';
import { idParams } from '../../shared/contract/envelope';
import { bulkAnswer } from '../../shared/contract/bulk';
import { actOnEachAtVersions } from '../lib/versions';
import { impersonationAnswer, userAnswer, userBulkMoveBody, userContract, userInviteBody } from '../../shared/contract/users';
import { USER_EXPORT_COLUMNS, userFields } from '../../shared/entities/users';
import { folded, type AnyEntity } from './entity';
import { entityOf } from './fromFields';

/** An impersonation token lives about a minute: long enough to open the link, too short to be kept. */
const IMPERSONATION_TTL_MS = 60_000;

/** Marketplace users (shared/entities/users.ts): search (also by company), export, read, update, delete, invite, move, 'Login as'. */
const derived = entityOf(userFields, userContract, {
  table: users,
  description: 'The marketplace’s users.',
  more: {
    search: {
      summary: 'Search users (also by company), a page at a time',
      // The folded name and e-mail are stored (migration 0029): a row read costs a LIKE, not a folding. The companies
      // whose stored folded name matches come first, as an array: `= ANY` joins the bitmap OR of the users' indexes,
      // where `IN (SELECT …)` would test every user against a subplan.
      text: (pattern) =>
        or(
          like(users.nameFolded, folded(pattern)),
          like(users.emailFolded, folded(pattern)),
          sql`${users.organisationId} = ANY(ARRAY(SELECT ${companies.id} FROM ${companies} WHERE ${like(companies.nameFolded, folded(pattern))}))`,
        ),
      filters: {
        organisation_id: users.organisationId,
        invited_not_signed_in: (value) => (value === true ? invitedNotSignedIn(users.invited, users.lastLoginAt) : undefined),
      },
    },
    update: {
      /** The company is checked by the derived reference check; the e-mail is no other user's. */
      check: async (db, { email }: { email?: string }, id) => {
        if (email) await refuseEmailInUse(db, users, email, id);
      },
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
              await recordAudit(tx, request, {
                action: 'invite',
                entity: 'user',
                entityId: row.id,
                changes: changedFields(null, toUserDto(row, company.name)),
              });
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
  },
});

/** Users are invited (POST /user/invite), never created bare; the CSV has the spec's columns (no creation time). */
const { create: _invitedInstead, ...standard } = derived;
export default {
  ...standard,
  export: standard.export && { ...standard.export, columns: standard.export.columns.filter(({ name }) => USER_EXPORT_COLUMNS.includes(name)) },
} satisfies AnyEntity;
