import { and, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { EMERGENCIES, NEED_STATUSES } from '../../shared/catalogue/needOptions';
import { PAGE_SIZE } from '../../shared/catalogue/pagination';
import { companies, needs, type NeedRow } from '../db/schema';
import type { Database } from '../db/client';
import { changedFields, recordAudit } from '../lib/audit';
import { afterUpdate, checkDomainPair } from '../lib/domainRules';
import { notFound } from '../lib/errors';
import { definedOnly } from '../lib/objects';
import { newId } from '../lib/ids';
import { orderBy } from '../lib/listing';
import { checkCompanyExists } from '../lib/organisations';
import { containsPattern, parseInput } from '../lib/validation';
import { activityDomainSchema, idSchema, offsetSchema, optional, searchSchema, sortSchema } from '../../shared/contract/primitives';

const idParams = z.object({ id: idSchema });
const descriptionSchema = z.string().trim().min(1).max(5000);
const searchBody = z.object({
  search: searchSchema,
  activity_domain: z.string().max(200).optional(),
  sub_activity_domain: z.string().max(200).optional(),
  organisation_id: idSchema.optional(),
  emergency: z.enum(EMERGENCIES).optional(),
  sort: sortSchema,
  offset: offsetSchema,
});
const createBody = z.object({
  description: descriptionSchema,
  emergency: z.enum(EMERGENCIES),
  organisation_id: optional(idSchema),
  activity_domain: optional(activityDomainSchema),
  sub_activity_domain: optional(z.string().max(200)),
});
/** Spec §4: any of the three statuses, from any other. */
const updateBody = z.object({
  description: descriptionSchema.optional(),
  emergency: z.enum(EMERGENCIES).optional(),
  status: z.enum(NEED_STATUSES).optional(),
  organisation_id: optional(idSchema),
  activity_domain: optional(activityDomainSchema),
  sub_activity_domain: optional(z.string().max(200)),
});

type NeedJoin = { need: NeedRow; organisationName: string | null };

const toNeedDto = ({ need, organisationName }: NeedJoin) => ({
  _id: need.id,
  organisation_id: need.organisationId,
  organisation_name: organisationName,
  activity_domain: need.activityDomain,
  sub_activity_domain: need.subActivityDomain,
  description: need.description,
  emergency: need.emergency,
  status: need.status,
  created_at: need.createdAt.toISOString(),
});

/** Needs (spec §7): search, create, read, update, delete. */
export async function needRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const selection = { need: needs, organisationName: companies.name };
  const sortable = {
    organisation_name: companies.name,
    description: needs.description,
    emergency: needs.emergency,
    created_at: needs.createdAt,
  };

  async function findNeed(id: string, tx: Database = db) {
    const [row] = await tx.select(selection).from(needs).leftJoin(companies, eq(companies.id, needs.organisationId)).where(eq(needs.id, id)).limit(1);
    if (!row) throw notFound();
    return row;
  }

  app.post('/need/search', async (request) => {
    const body = parseInput(searchBody, request.body);
    const conditions: SQL[] = [];
    if (body.search) {
      const pattern = containsPattern(body.search.toLowerCase());
      const textMatch = or(sql`lower(${needs.description}) LIKE ${pattern}`, ilike(companies.name, pattern));
      if (textMatch) conditions.push(textMatch);
    }
    if (body.activity_domain) conditions.push(eq(needs.activityDomain, body.activity_domain));
    if (body.sub_activity_domain) conditions.push(eq(needs.subActivityDomain, body.sub_activity_domain));
    if (body.organisation_id) conditions.push(eq(needs.organisationId, body.organisation_id));
    if (body.emergency) conditions.push(eq(needs.emergency, body.emergency));
    const where = conditions.length ? and(...conditions) : undefined;
    const [rows, [totalRow]] = await Promise.all([
      db
        .select(selection)
        .from(needs)
        .leftJoin(companies, eq(companies.id, needs.organisationId))
        .where(where)
        .orderBy(...orderBy(body.sort, sortable, { field: 'created_at', direction: -1 }, needs.id))
        .limit(PAGE_SIZE)
        .offset(body.offset),
      db.select({ total: count() }).from(needs).leftJoin(companies, eq(companies.id, needs.organisationId)).where(where),
    ]);
    return { ok: true, data: rows.map(toNeedDto), total: totalRow?.total ?? 0 };
  });

  app.post('/need', async (request) => {
    const fields = parseInput(createBody, request.body);
    checkDomainPair(fields.activity_domain, fields.sub_activity_domain);
    if (fields.organisation_id) await checkCompanyExists(db, fields.organisation_id);
    const id = newId();
    const created = await db.transaction(async (tx) => {
      await tx.insert(needs).values({
        id,
        description: fields.description,
        emergency: fields.emergency,
        organisationId: fields.organisation_id ?? null,
        activityDomain: fields.activity_domain ?? null,
        subActivityDomain: fields.sub_activity_domain ?? null,
      });
      const created = toNeedDto(await findNeed(id, tx));
      await recordAudit(tx, request, { action: 'create', entity: 'need', entityId: id, changes: changedFields(null, created) });
      return created;
    });
    return { ok: true, data: created };
  });

  app.get('/need/:id', async (request) => {
    const { id } = parseInput(idParams, request.params);
    return { ok: true, data: toNeedDto(await findNeed(id)) };
  });

  app.put('/need/:id', async (request) => {
    const { id } = parseInput(idParams, request.params);
    const fields = parseInput(updateBody, request.body);
    const { need } = await findNeed(id);
    checkDomainPair(afterUpdate(fields.activity_domain, need.activityDomain), afterUpdate(fields.sub_activity_domain, need.subActivityDomain));
    if (fields.organisation_id) await checkCompanyExists(db, fields.organisation_id);
    const changes = definedOnly({
      description: fields.description,
      emergency: fields.emergency,
      status: fields.status,
      organisationId: fields.organisation_id,
      activityDomain: fields.activity_domain,
      subActivityDomain: fields.sub_activity_domain,
    });
    const updated = await db.transaction(async (tx) => {
      const before = toNeedDto(await findNeed(id, tx));
      if (Object.keys(changes).length) await tx.update(needs).set(changes).where(eq(needs.id, id));
      const after = toNeedDto(await findNeed(id, tx));
      await recordAudit(tx, request, { action: 'update', entity: 'need', entityId: id, changes: changedFields(before, after) });
      return after;
    });
    return { ok: true, data: updated };
  });

  app.delete('/need/:id', async (request) => {
    const { id } = parseInput(idParams, request.params);
    await db.transaction(async (tx) => {
      const before = toNeedDto(await findNeed(id, tx));
      await tx.delete(needs).where(eq(needs.id, id));
      await recordAudit(tx, request, { action: 'delete', entity: 'need', entityId: id, changes: changedFields(before, null) });
    });
    return { ok: true };
  });
}
