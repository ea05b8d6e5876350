import { and, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PAGE_SIZE } from '../../src/catalogue/pagination';
import { admins } from '../db/schema';
import { toAdminDto } from '../lib/adminDto';
import { issueAuthToken, passwordLink } from '../lib/authTokens';
import { isUniqueViolation } from '../lib/dbErrors';
import { AppError, notFound } from '../lib/errors';
import { idSchema, newId } from '../lib/ids';
import { containsPattern, emailSchema, nameSchema, offsetSchema, parseInput, searchSchema } from '../lib/validation';
import { searchTotal } from '../lib/searchTotal';
import { sessionOf } from '../plugins/sessions';

const searchBody = z.object({ search: searchSchema, offset: offsetSchema });
const createBody = z.object({ name: nameSchema, email: emailSchema });
const updateBody = z.object({ name: nameSchema.optional(), email: emailSchema.optional() });
const idParams = z.object({ id: idSchema });

/** Administrators (spec §7): search, create with an invitation, read, update, delete (never oneself). */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app;

  async function saveAdmin(id: string, changes: z.infer<typeof updateBody>) {
    try {
      const [row] = await db.update(admins).set(changes).where(eq(admins.id, id)).returning();
      if (!row) throw notFound();
      return { ok: true, data: toAdminDto(row) };
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(409, 'EMAIL_TAKEN');
      throw error;
    }
  }

  app.post('/admin/search', async (request) => {
    const { search, offset } = parseInput(searchBody, request.body);
    const where = search
      ? or(ilike(admins.name, containsPattern(search)), ilike(admins.email, containsPattern(search)))
      : undefined;
    const [rows, total] = await Promise.all([
      db.select().from(admins).where(where).orderBy(desc(admins.createdAt), desc(admins.id)).limit(PAGE_SIZE).offset(offset),
      searchTotal(db, admins, where),
    ]);
    return { ok: true, data: rows.map(toAdminDto), total };
  });

  app.post('/admin', async (request) => {
    const { name, email } = parseInput(createBody, request.body);
    const taken = await db.select({ id: admins.id }).from(admins).where(eq(sql`lower(${admins.email})`, email)).limit(1);
    if (taken.length) throw new AppError(409, 'EMAIL_TAKEN');
    let row;
    try {
      [row] = await db.insert(admins).values({ id: newId(), name, email }).returning();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(409, 'EMAIL_TAKEN');
      throw error;
    }
    if (!row) throw new Error('insert returned no row');
    const token = await issueAuthToken(db, row.id, 'invite');
    await app.mail.queue({
      to: row.email,
      subject: 'Admin Platform: your administrator account',
      body: `Hello ${row.name},\n\n${sessionOf(request).admin.name} made you an administrator of Admin Platform.\nChoose your password within 7 days:\n${passwordLink(config.consoleUrl, token)}\n`,
    }, request.log);
    return { ok: true, data: toAdminDto(row) };
  });

  /** The signed-in admin's own profile. */
  app.put('/admin', async (request) => saveAdmin(sessionOf(request).admin.id, parseInput(updateBody, request.body)));

  app.get('/admin/:id', async (request) => {
    const { id } = parseInput(idParams, request.params);
    const [row] = await db.select().from(admins).where(eq(admins.id, id)).limit(1);
    if (!row) throw notFound();
    return { ok: true, data: toAdminDto(row) };
  });

  app.put('/admin/:id', async (request) => {
    const { id } = parseInput(idParams, request.params);
    return saveAdmin(id, parseInput(updateBody, request.body));
  });

  app.delete('/admin/:id', async (request) => {
    const { id } = parseInput(idParams, request.params);
    if (id === sessionOf(request).admin.id) throw new AppError(403, 'CANNOT_DELETE_SELF');
    const deleted = await db.delete(admins).where(and(eq(admins.id, id), ne(admins.id, sessionOf(request).admin.id))).returning({ id: admins.id });
    if (!deleted.length) throw notFound();
    return { ok: true };
  });
}
