import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { passkeys } from '../db/schema';
import { answer } from '../lib/answers';
import { recordAudit } from '../lib/audit';
import { tellAccount } from '../mail/securityNotices';
import { notFound } from '../lib/errors';
import { adminPasskeys, recountPasskeys, keepPasskey, registrationOptions, verifyNewPasskey, type PasskeyRow } from '../lib/passkeys';
import { permit } from '../lib/permissions';
import { currentAdmin } from '../lib/proofs';
import { forgetKeptSessions, sessionOf } from '../lib/sessions';
import { okAnswer } from '../../shared/contract/envelope';
import {
  passkeyAnswer,
  passkeyCreateBody,
  passkeyOptionsBody,
  passkeyParams,
  passkeyRenameBody,
  passkeysAnswer,
  webauthnOptionsAnswer,
  type Passkey,
} from '../../shared/contract/passkeys';

const toPasskeyDto = (row: PasskeyRow): Passkey => ({
  _id: row.id,
  name: row.name,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

/**
 * The signed-in admin's own passkeys. Adding one is open during enrolment (MFA_REQUIRED_ROLES), as TOTP is; the passkey
 * count kept on the admin changes what the session cache holds, so these answers forget the kept sessions.
 */
export async function passkeyRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app;
  const tags = ['Passkeys'];
  const own = permit('account', 'secure');
  // Adding a passkey adds a way in that outlives the session (a reset, a revocation): it needs a recent proof, which a
  // session that must enrol has, being just signed in.
  const adding = permit('account', 'secure', { duringEnrolment: true });
  const adminIdOf = (request: FastifyRequest) => sessionOf(request).admin.id;

  async function ownPasskey(request: FastifyRequest, id: string): Promise<PasskeyRow> {
    const [row] = await db
      .select()
      .from(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.adminId, adminIdOf(request))));
    if (!row) throw notFound();
    return row;
  }

  app.get(
    '/admin/passkeys',
    {
      ...permit('account', 'read', { duringEnrolment: true }),
      schema: { tags, summary: 'The signed-in admin’s passkeys, oldest first', response: { 200: passkeysAnswer } },
    },
    async (request) => answer((await adminPasskeys(db, adminIdOf(request))).map(toPasskeyDto)),
  );

  app.post(
    '/admin/passkeys/options',
    {
      ...adding,
      schema: { tags, summary: 'Challenge the browser to create a passkey', body: passkeyOptionsBody, response: { 200: webauthnOptionsAnswer } },
    },
    async (request) => {
      return answer({ ...(await registrationOptions(db, config.consoleUrl, await currentAdmin(request))) });
    },
  );

  app.post(
    '/admin/passkeys',
    {
      ...adding,
      onSend: forgetKeptSessions,
      schema: { tags, summary: 'Keep the passkey the browser created, under a name', body: passkeyCreateBody, response: { 200: passkeyAnswer } },
    },
    async (request) => {
      const { name, credential } = request.body;
      const checked = await verifyNewPasskey(db, config.consoleUrl, adminIdOf(request), credential as RegistrationResponseJSON);
      const row = await db.transaction(async (tx) => {
        const added = await keepPasskey(tx, adminIdOf(request), name, checked);
        await recordAudit(tx, request, { action: 'passkey_add', entity: 'admin', entityId: added.adminId, changes: { passkey: [null, name] } });
        await tellAccount(app, tx, request, sessionOf(request).admin, { kind: 'passkey_added', passkey: added.name });
        return added;
      });
      void app.mail.flush();
      return answer(toPasskeyDto(row));
    },
  );

  app.put(
    '/admin/passkeys/:id',
    {
      ...own,
      schema: {
        tags,
        summary: 'Rename one of the signed-in admin’s passkeys',
        params: passkeyParams,
        body: passkeyRenameBody,
        response: { 200: passkeyAnswer },
      },
    },
    async (request) => {
      const before = await ownPasskey(request, request.params.id);
      const row = await db.transaction(async (tx) => {
        const [renamed] = await tx.update(passkeys).set({ name: request.body.name }).where(eq(passkeys.id, before.id)).returning();
        if (!renamed) throw notFound();
        await recordAudit(tx, request, {
          action: 'passkey_rename',
          entity: 'admin',
          entityId: renamed.adminId,
          changes: { passkey: [before.name, renamed.name] },
        });
        return renamed;
      });
      return answer(toPasskeyDto(row));
    },
  );

  app.delete(
    '/admin/passkeys/:id',
    {
      // A factor removed is a factor a stolen session no longer meets: as turning TOTP off needs the password.
      ...own,
      onSend: forgetKeptSessions,
      schema: {
        tags,
        summary: 'Remove one of the signed-in admin’s passkeys (with a recent proof, STEP_UP_MINUTES)',
        params: passkeyParams,
        response: { 200: okAnswer },
      },
    },
    async (request) => {
      const row = await ownPasskey(request, request.params.id);
      await db.transaction(async (tx) => {
        const removed = await tx.delete(passkeys).where(eq(passkeys.id, row.id)).returning({ id: passkeys.id });
        if (!removed.length) throw notFound();
        await recountPasskeys(tx, row.adminId);
        await recordAudit(tx, request, { action: 'passkey_remove', entity: 'admin', entityId: row.adminId, changes: { passkey: [row.name, null] } });
        await tellAccount(app, tx, request, sessionOf(request).admin, { kind: 'passkey_removed', passkey: row.name });
      });
      void app.mail.flush();
      return { ok: true as const };
    },
  );
}
