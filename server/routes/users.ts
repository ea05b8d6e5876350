import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PAGE_SIZE } from '../../src/catalogue/pagination';
import { companies, users } from '../db/schema';
import { isUniqueViolation } from '../lib/dbErrors';
import { AppError } from '../lib/errors';
import { idSchema, newId } from '../lib/ids';
import { toUserDto } from '../lib/userDto';
import { containsPattern, emailSchema, nameSchema, offsetSchema, parseInput, searchSchema, ValidationError } from '../lib/validation';
import { queueMail } from '../plugins/mail';

const searchBody = z.object({ search: searchSchema, organisation_id: idSchema.optional(), offset: offsetSchema });
const inviteBody = z.object({
  name: nameSchema,
  email: emailSchema,
  organisation_id: idSchema,
  organisation_name: z.string().max(200).optional(),
  invited: z.literal(true).optional(),
});

/** Marketplace users (spec §7): search (also by company) and invitations to a company. */
export async function userRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app;

  app.post('/user/search', async (request) => {
    const { search, organisation_id, offset } = parseInput(searchBody, request.body);
    const conditions: SQL[] = [];
    if (search) {
      const pattern = containsPattern(search);
      const textMatch = or(ilike(users.name, pattern), ilike(users.email, pattern));
      if (textMatch) conditions.push(textMatch);
    }
    if (organisation_id) conditions.push(eq(users.organisationId, organisation_id));
    const where = conditions.length ? and(...conditions) : undefined;
    const [rows, [totalRow]] = await Promise.all([
      db
        .select({ user: users, organisationName: companies.name })
        .from(users)
        .leftJoin(companies, eq(companies.id, users.organisationId))
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(PAGE_SIZE)
        .offset(offset),
      db.select({ total: count() }).from(users).where(where),
    ]);
    return { ok: true, data: rows.map((row) => toUserDto(row.user, row.organisationName)), total: totalRow?.total ?? 0 };
  });

  app.post('/user/invite', async (request) => {
    const { name, email, organisation_id } = parseInput(inviteBody, request.body);
    const [company] = await db.select({ id: companies.id, name: companies.name }).from(companies).where(eq(companies.id, organisation_id)).limit(1);
    if (!company) throw new ValidationError({ organisation_id: 'no such company' });
    const taken = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email)).limit(1);
    if (taken.length) throw new AppError(409, 'EMAIL_TAKEN');
    let row;
    try {
      [row] = await db.insert(users).values({ id: newId(), name, email, organisationId: company.id, invited: true }).returning();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(409, 'EMAIL_TAKEN');
      throw error;
    }
    if (!row) throw new Error('insert returned no row');
    await queueMail(db, request.log, config.env, {
      to: email,
      subject: `You are invited to join ${company.name}`,
      body: `Hello ${name},\n\nYou have been invited to join ${company.name} on the marketplace.\nSign in here: ${config.appUrl}\n`,
    });
    return { ok: true, data: toUserDto(row, company.name) };
  });
}
