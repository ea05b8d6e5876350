import { permit } from '../lib/permissions';
import { getTableColumns, ilike, or } from 'drizzle-orm';
import { admins } from '../db/schema';
import { toAdminDto } from '../lib/adminDto';
import { issueAuthToken, passwordLink, revokeAuthTokens } from '../lib/authTokens';
import { refuseTakenEmail } from '../lib/dbErrors';
import { refuseEmailInUse } from '../lib/emailInUse';
import { AppError } from '../lib/errors';
import { date, text } from '../lib/csvExport';
import { definedOnly } from '../lib/objects';
import { newId } from '../lib/ids';
import { forgetKeptSessions, revokeOtherSessions, sessionOf } from '../lib/sessions';
import { refuseNoOwnerLeft } from '../lib/owners';
import { tellAccount } from '../mail/securityNotices';
import { requireFreshProofWhen } from '../lib/stepUp';
import { DEFAULT_ROLE } from '../../shared/catalogue/permissions';
import { versionHeaders } from '../../shared/contract/versions';
import { adminAnswer, adminCreateBody, adminDeleted, adminExport, adminPage, adminSearchBody, adminUpdateBody } from '../../shared/contract/admins';
import { defineEntity } from './entity';

/** Administrators: search, export, create with an invitation, read, update, delete (never oneself). */
export default defineEntity({
  name: 'admin',
  tag: 'Admins',
  description: 'The back-office administrators.',
  table: admins,
  fields: getTableColumns(admins),
  toRecord: toAdminDto,
  contract: { answer: adminAnswer, deleted: adminDeleted },
  search: {
    body: adminSearchBody,
    page: adminPage,
    summary: 'Search administrators, a page at a time',
    text: (pattern) => or(ilike(admins.name, pattern), ilike(admins.email, pattern)),
    sortable: { created_at: admins.createdAt },
    defaultSort: { field: 'created_at', direction: -1 },
  },
  export: {
    answer: adminExport,
    fileName: 'admins',
    columns: [
      text('id', admins.id),
      text('name', admins.name),
      text('email', admins.email),
      text('role', admins.role),
      date('last_login_at', admins.lastLoginAt),
    ],
  },
  create: {
    body: adminCreateBody,
    // A new e-mail each time: every record the tests make through it is a new admin.
    example: async () => ({ name: 'Nouvel Admin', email: `nouvel.admin.${newId()}@example.com`, role: 'operations' as const }),
    summary: 'Create an administrator and mail them a set-password link',
    check: (db, { email }) => refuseEmailInUse(db, admins, email),
    values: ({ name, email, role }) => ({ name, email, role: role ?? DEFAULT_ROLE }),
    then: async (tx, admin, { app, request }) => {
      const token = await issueAuthToken(tx, admin._id, 'invite');
      await app.mail.queue(
        {
          to: admin.email,
          subject: 'Admin Platform: your administrator account',
          body: `Hello ${admin.name},\n\n${sessionOf(request).admin.name} made you an administrator of Admin Platform.\nChoose your password within 7 days:\n${passwordLink(app.config.consoleUrl, token)}\n`,
        },
        request.log,
        tx,
      );
    },
  },
  update: {
    body: adminUpdateBody,
    example: { name: 'Renamed' },
    summary: 'Update an administrator',
    changes: ({ name, email, role }) => definedOnly({ name, email, role }),
    /**
     * An e-mail change is the first step of an account takeover, so it is told to the old address, and it ends the
     * changed admin's sessions (but the one making the change) and the links still out.
     */
    then: async (tx, before, after, { app, request }) => {
      const { admin: actor, tokenHash } = sessionOf(request);
      const emailChanged = after.email.toLowerCase() !== before.email.toLowerCase();
      // An owner cannot demote themselves (nor anyone make themselves an owner: only owners change admins).
      if (before.role !== after.role && after._id === actor.id) throw new AppError(403, 'FORBIDDEN');
      // Any e-mail or role change, one's own e-mail too, is the first step of a takeover: compared under the row lock,
      // a refusal rolls the write back.
      if (emailChanged || before.role !== after.role) await requireFreshProofWhen(request, 'identity_changes', tx);
      if (before.role === 'owner' && after.role !== 'owner') await refuseNoOwnerLeft(tx);
      if (!emailChanged) return;
      await revokeOtherSessions(tx, after._id, tokenHash);
      await revokeAuthTokens(tx, after._id);
      await tellAccount(app, tx, request, before, {
        kind: 'email_changed',
        from: before.email,
        to: after.email,
        by: actor.id === after._id ? null : actor.name,
      });
    },
  },
  remove: {
    check: (admin, { request }) => {
      if (admin._id === sessionOf(request).admin.id) throw new AppError(403, 'CANNOT_DELETE_SELF');
    },
    then: async (tx, admin) => {
      if (admin.role === 'owner') await refuseNoOwnerLeft(tx);
    },
  },
  // Mail was queued only for a new admin or a changed e-mail: no sending round otherwise.
  afterWrite: ({ app }, { before, after }) => {
    if (!before || before.email.toLowerCase() !== after.email.toLowerCase()) void app.mail.flush();
  },
  onWriteSend: forgetKeptSessions,
  refuse: refuseTakenEmail,
  routes: (app, { update, tags }) => {
    app.put(
      '/admin',
      {
        ...permit('account', 'update', { freshProofWhen: 'identity_changes' }),
        onSend: forgetKeptSessions,
        schema: { tags, summary: 'Update the signed-in administrator', headers: versionHeaders, body: adminUpdateBody, response: { 200: adminAnswer } },
      },
      (request) => update(request, sessionOf(request).admin.id, request.body),
    );
  },
});
