import { and, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PAGE_SIZE } from '../../shared/catalogue/pagination';
import { admins, sessions } from '../db/schema';
import { toAdminDto } from '../lib/adminDto';
import { changedFields, recordAudit } from '../lib/audit';
import { issueAuthToken, passwordLink, revokeAuthTokens } from '../lib/authTokens';
import { isUniqueViolation } from '../lib/dbErrors';
import { AppError, notFound } from '../lib/errors';
import { hashToken, newId } from '../lib/ids';
import { containsPattern, parseInput } from '../lib/validation';
import { searchTotal } from '../lib/searchTotal';
import { sessionOf } from '../lib/sessions';
import { emailSchema, idSchema, nameSchema, offsetSchema, searchSchema } from '../../shared/contract/primitives';

const searchBody = z.object({ search: searchSchema, offset: offsetSchema });
const createBody = z.object({ name: nameSchema, email: emailSchema });
const updateBody = z
  .object({ name: nameSchema.optional(), email: emailSchema.optional() })
  .refine((changes) => changes.name !== undefined || changes.email !== undefined, { message: 'name or email is required', path: ['_'] });
const idParams = z.object({ id: idSchema });

/** Administrators (spec §7): search, create with an invitation, read, update, delete (never oneself). */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app;

  /**
   * An e-mail change is the first step of an account takeover, so it is told to the old address, and
   * it ends the changed admin's sessions (but the one making the change) and the links still out.
   */
  async function saveAdmin(request: FastifyRequest, id: string, changes: z.infer<typeof updateBody>) {
    const { admin: actor, token } = sessionOf(request);
    const { before, row } = await db
      .transaction(async (tx) => {
        const [before] = await tx.select().from(admins).where(eq(admins.id, id)).limit(1);
        if (!before) throw notFound();
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
        await recordAudit(tx, request, { action: 'update', entity: 'admin', entityId: id, changes: changedFields(toAdminDto(before), toAdminDto(row)) });
        return { before, row };
      })
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? new AppError(409, 'EMAIL_TAKEN') : error;
      });
    if (row.email.toLowerCase() !== before.email.toLowerCase()) void app.mail.flush();
    return { ok: true, data: toAdminDto(row) };
  }

  app.post('/admin/search', async (request) => {
    const { search, offset } = parseInput(searchBody, request.body);
    const where = search ? or(ilike(admins.name, containsPattern(search)), ilike(admins.email, containsPattern(search))) : undefined;
    const [rows, total] = await Promise.all([
      db.select().from(admins).where(where).orderBy(desc(admins.createdAt), desc(admins.id)).limit(PAGE_SIZE).offset(offset),
      searchTotal(db, admins, where),
    ]);
    return { ok: true, data: rows.map(toAdminDto), total };
  });

  app.post('/admin', async (request) => {
    const { name, email } = parseInput(createBody, request.body);
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
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? new AppError(409, 'EMAIL_TAKEN') : error;
      });
    void app.mail.flush();
    return { ok: true, data: toAdminDto(row) };
  });

  /** The signed-in admin's own profile. */
  app.put('/admin', async (request) => saveAdmin(request, sessionOf(request).admin.id, parseInput(updateBody, request.body)));

  app.get('/admin/:id', async (request) => {
    const { id } = parseInput(idParams, request.params);
    const [row] = await db.select().from(admins).where(eq(admins.id, id)).limit(1);
    if (!row) throw notFound();
    return { ok: true, data: toAdminDto(row) };
  });

  app.put('/admin/:id', async (request) => {
    const { id } = parseInput(idParams, request.params);
    return saveAdmin(request, id, parseInput(updateBody, request.body));
  });

  app.delete('/admin/:id', async (request) => {
    const { id } = parseInput(idParams, request.params);
    if (id === sessionOf(request).admin.id) throw new AppError(403, 'CANNOT_DELETE_SELF');
    await db.transaction(async (tx) => {
      const [deleted] = await tx
        .delete(admins)
        .where(and(eq(admins.id, id), ne(admins.id, sessionOf(request).admin.id)))
        .returning();
      if (!deleted) throw notFound();
      await recordAudit(tx, request, { action: 'delete', entity: 'admin', entityId: id, changes: changedFields(toAdminDto(deleted), null) });
    });
    return { ok: true };
  });
}
