import { permit } from '../lib/permissions';
import { like } from 'drizzle-orm';
import { admins } from '../db/schema';
import { issueAuthToken, passwordLink, revokeAuthTokens } from '../lib/authTokens';
import { refuseTakenEmail } from '../lib/dbErrors';
import { refuseEmailInUse } from '../lib/emailInUse';
import { AppError } from '../lib/errors';
import { newId } from '../lib/ids';
import { forgetKeptSessions, revokeOtherSessions, sessionOf } from '../lib/sessions';
import { refuseNoOwnerLeft } from '../lib/owners';
import { tellAccount } from '../mail/securityNotices';
import { requireFreshProofWhen } from '../lib/stepUp';
import { versionHeaders } from '../../shared/contract/versions';
import { adminAnswer, adminContract, adminUpdateBody, type Admin } from '../../shared/contract/admins';
import { ADMIN_EXPORT_COLUMNS, adminFields } from '../../shared/entities/admins';
import { folded, type AnyEntity } from './entity';
import { entityOf } from './fromFields';

/** Administrators (shared/entities/admins.ts): search, export, create with an invitation, read, update, delete (never oneself). */
const derived = entityOf(adminFields, adminContract, {
  table: admins,
  description: 'The back-office administrators.',
  more: {
    search: {
      summary: 'Search administrators, a page at a time',
      // The stored folded name and e-mail, under one trigram index.
      text: (pattern) => like(admins.searchText, folded(pattern)),
    },
    create: {
      // A new e-mail each time: every record the tests make through it is a new admin.
      example: async () => ({ name: 'Nouvel Admin', email: `nouvel.admin.${newId()}@example.com`, role: 'operations' as const }),
      summary: 'Create an administrator and mail them a set-password link',
      check: (db, { email }: { email: string }) => refuseEmailInUse(db, admins, email),
      then: async (tx, admin: Admin, { app, request }) => {
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
      summary: 'Update an administrator',
      /**
       * An e-mail change is the first step of an account takeover, so it is told to the old address, and it ends the
       * changed admin's sessions (but the one making the change) and the links still out.
       */
      then: async (tx, before: Admin, after: Admin, { app, request }) => {
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
      check: (admin: Admin, { request }) => {
        if (admin._id === sessionOf(request).admin.id) throw new AppError(403, 'CANNOT_DELETE_SELF');
      },
      then: async (tx, admin: Admin) => {
        if (admin.role === 'owner') await refuseNoOwnerLeft(tx);
      },
    },
    // Mail was queued only for a new admin or a changed e-mail: no sending round otherwise.
    afterWrite: ({ app }, { before, after }: { before: Admin | null; after: Admin }) => {
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
  },
});

/** The CSV has the spec's columns (no creation time). */
export default {
  ...derived,
  export: derived.export && { ...derived.export, columns: derived.export.columns.filter(({ name }) => ADMIN_EXPORT_COLUMNS.includes(name)) },
} satisfies AnyEntity;
