import { and, desc, eq, like, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PAGE_SIZE } from '../../src/catalogue/pagination';
import { companies, companyComments, syncJobs, type CompanyRow } from '../db/schema';
import { toCompanyDto, type CommentDto, type SyncJobDto } from '../lib/companyDto';
import { notFound } from '../lib/errors';
import { definedOnly } from '../lib/objects';
import { idSchema, newId } from '../lib/ids';
import { orderBy, sortSchema } from '../lib/listing';
import { containsPattern, offsetSchema, parseInput, searchSchema } from '../lib/validation';
import { searchTotal } from '../lib/searchTotal';
import { sessionOf } from '../plugins/sessions';
import { afterUpdate, checkDomainPair } from '../lib/domainRules';
import { companyFieldsSchema, createCompanySchema, parseBalance } from './companySchemas';

const idParams = z.object({ id: idSchema });
const commentParams = z.object({ id: idSchema, commentId: idSchema });
const commentBody = z.object({ text: z.string().trim().min(1).max(2000) });
const syncBody = z.object({ organization_id: z.string().trim().min(1).max(100) });

/** Companies (spec §7): search, create, read, update, delete, comments, and the old-platform sync. */
export async function companyRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app;
  const balanceField = `${config.product}_balance`;
  const searchBody = z.object({
    search: searchSchema,
    activity_domain: z.string().max(200).optional(),
    sub_activity_domain: z.string().max(200).optional(),
    sort: sortSchema,
    offset: offsetSchema,
  });
  const sortable = {
    name: companies.name,
    [balanceField]: companies.creditBalance,
    activity_domain: companies.activityDomain,
    sub_activity_domain: companies.subActivityDomain,
    city: companies.city,
    created_at: companies.createdAt,
  };

  async function findCompany(id: string): Promise<CompanyRow> {
    const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
    if (!row) throw notFound();
    return row;
  }

  async function commentsOf(companyId: string): Promise<CommentDto[]> {
    const rows = await db.select().from(companyComments).where(eq(companyComments.companyId, companyId)).orderBy(desc(companyComments.createdAt));
    return rows.map((row) => ({ _id: row.id, user_name: row.userName, text: row.text, created_at: row.createdAt.toISOString() }));
  }

  async function lastSyncOf(companyId: string): Promise<SyncJobDto | null> {
    const [job] = await db.select().from(syncJobs).where(eq(syncJobs.companyId, companyId)).orderBy(desc(syncJobs.startedAt)).limit(1);
    return job ? { _id: job.id, organization_id: job.organizationId, status: job.status, started_at: job.startedAt.toISOString() } : null;
  }

  /** The company with everything its page shows. */
  async function fullCompany(row: CompanyRow) {
    const [comments, lastSync] = await Promise.all([commentsOf(row.id), lastSyncOf(row.id)]);
    return toCompanyDto(row, config.product, { comments, lastSync });
  }

  app.post('/company/search', async (request) => {
    const body = parseInput(searchBody, request.body);
    const conditions: SQL[] = [];
    if (body.search) conditions.push(like(companies.searchText, containsPattern(body.search.toLowerCase())));
    if (body.activity_domain) conditions.push(eq(companies.activityDomain, body.activity_domain));
    if (body.sub_activity_domain) conditions.push(eq(companies.subActivityDomain, body.sub_activity_domain));
    const where = conditions.length ? and(...conditions) : undefined;
    const [rows, total] = await Promise.all([
      db
        .select()
        .from(companies)
        .where(where)
        .orderBy(...orderBy(body.sort, sortable, { field: 'created_at', direction: -1 }, companies.id))
        .limit(PAGE_SIZE)
        .offset(body.offset),
      searchTotal(db, companies, where),
    ]);
    return { ok: true, data: rows.map((row) => toCompanyDto(row, config.product)), total };
  });

  app.post('/company', async (request) => {
    const { name, logo_url } = parseInput(createCompanySchema, request.body);
    const [row] = await db.insert(companies).values({ id: newId(), name, logoUrl: logo_url }).returning();
    if (!row) throw new Error('insert returned no row');
    return { ok: true, data: await fullCompany(row) };
  });

  app.get('/company/:id', async (request) => {
    const { id } = parseInput(idParams, request.params);
    return { ok: true, data: await fullCompany(await findCompany(id)) };
  });

  app.put('/company/:id', async (request) => {
    const { id } = parseInput(idParams, request.params);
    const fields = parseInput(companyFieldsSchema, request.body);
    const balance = parseBalance(request.body, balanceField);
    const current = await findCompany(id);
    checkDomainPair(afterUpdate(fields.activity_domain, current.activityDomain), afterUpdate(fields.sub_activity_domain, current.subActivityDomain));
    const changes: Partial<typeof companies.$inferInsert> = {
      name: fields.name,
      siret: fields.siret,
      phone: fields.phone,
      email: fields.email,
      streetNumber: fields.street_number,
      route: fields.route,
      city: fields.city,
      postalCode: fields.postal_code,
      country: fields.country,
      activityDomain: fields.activity_domain,
      subActivityDomain: fields.sub_activity_domain,
      description: fields.description,
      legalStatus: fields.legal_status,
      employees: fields.employees,
      turnover: fields.turnover,
      creationYear: fields.creation_year,
      website: fields.website,
      logoUrl: fields.logo_url,
      isTest: fields.is_test,
      creditBalance: balance,
      organizationId: fields.organization_id,
    };
    const defined = definedOnly(changes);
    const [row] = Object.keys(defined).length
      ? await db.update(companies).set(defined).where(eq(companies.id, id)).returning()
      : [current];
    if (!row) throw notFound();
    return { ok: true, data: await fullCompany(row) };
  });

  app.delete('/company/:id', async (request) => {
    const { id } = parseInput(idParams, request.params);
    const deleted = await db.delete(companies).where(eq(companies.id, id)).returning({ id: companies.id });
    if (!deleted.length) throw notFound();
    return { ok: true };
  });

  app.post('/company/:id/comment', async (request) => {
    const { id } = parseInput(idParams, request.params);
    const { text } = parseInput(commentBody, request.body);
    const company = await findCompany(id);
    const { admin } = sessionOf(request);
    await db.insert(companyComments).values({ id: newId(), companyId: id, authorAdminId: admin.id, userName: admin.name, text });
    return { ok: true, data: await fullCompany(company) };
  });

  app.put('/company/:id/delete-comment/:commentId', async (request) => {
    const { id, commentId } = parseInput(commentParams, request.params);
    await findCompany(id);
    const deleted = await db
      .delete(companyComments)
      .where(and(eq(companyComments.id, commentId), eq(companyComments.companyId, id)))
      .returning({ id: companyComments.id });
    if (!deleted.length) throw notFound();
    return { ok: true, data: await commentsOf(id) };
  });

  app.post('/company/:id/sync', async (request) => {
    const { id } = parseInput(idParams, request.params);
    const { organization_id } = parseInput(syncBody, request.body);
    await findCompany(id);
    await db.update(companies).set({ organizationId: organization_id }).where(eq(companies.id, id));
    const [job] = await db
      .insert(syncJobs)
      .values({ id: newId(), companyId: id, organizationId: organization_id, status: 'queued', requestedBy: sessionOf(request).admin.id })
      .returning();
    if (!job) throw new Error('insert returned no row');
    return { ok: true, data: { _id: job.id, organization_id: job.organizationId, status: job.status, started_at: job.startedAt.toISOString() } };
  });
}
