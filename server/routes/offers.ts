import { and, eq, like, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CREDIT_RATIOS, PRICE_UNITS } from '../../src/catalogue/offerOptions';
import { PAGE_SIZE } from '../../src/catalogue/pagination';
import { companies, offers, type OfferRow } from '../db/schema';
import type { Database } from '../db/client';
import { changedFields, recordAudit } from '../lib/audit';
import { activityDomainSchema, afterUpdate, checkDomainPair } from '../lib/domainRules';
import { notFound } from '../lib/errors';
import { definedOnly } from '../lib/objects';
import { idSchema, newId } from '../lib/ids';
import { orderBy, sortSchema } from '../lib/listing';
import { checkCompanyExists } from '../lib/organisations';
import { containsPattern, httpUrl, nameSchema, offsetSchema, optional, parseInput, searchSchema } from '../lib/validation';
import { searchTotal } from '../lib/searchTotal';

const idParams = z.object({ id: idSchema });
const imagesSchema = z.array(httpUrl).max(20);
const descriptionSchema = z.string().trim().min(1).max(5000);

/** Spec §7 spells the offers' domain filter `domain_activity`. */
const searchBody = z.object({
  search: searchSchema,
  domain_activity: z.string().max(200).optional(),
  sub_activity_domain: z.string().max(200).optional(),
  organisation_id: idSchema.optional(),
  sort: sortSchema,
  offset: offsetSchema,
});
const createBody = z.object({
  title: nameSchema,
  description: descriptionSchema,
  images: imagesSchema.min(1),
  organisation_id: optional(idSchema),
});
const updateBody = z.object({
  title: nameSchema.optional(),
  description: descriptionSchema.optional(),
  images: imagesSchema.optional(),
  organisation_id: optional(idSchema),
  activity_domain: optional(activityDomainSchema),
  sub_activity_domain: optional(z.string().max(200)),
  price: optional(z.number().finite().min(0)),
  unit: optional(z.enum(PRICE_UNITS)),
  credit_ratio: optional(z.number().refine((ratio) => CREDIT_RATIOS.includes(ratio), 'one of 1, 0.75, 0.5')),
  price_on_proposal: z.boolean().optional(),
});

type OfferJoin = { offer: OfferRow; organisationName: string | null; organisationLogo: string | null };

const toOfferDto = ({ offer, organisationName, organisationLogo }: OfferJoin) => ({
  _id: offer.id,
  title: offer.title,
  description: offer.description,
  images: offer.images,
  organisation_id: offer.organisationId,
  organisation_name: organisationName,
  organisation_logo: organisationLogo,
  activity_domain: offer.activityDomain,
  sub_activity_domain: offer.subActivityDomain,
  price: offer.price,
  unit: offer.unit,
  credit_ratio: offer.creditRatio,
  price_on_proposal: offer.priceOnProposal,
  created_at: offer.createdAt.toISOString(),
});

/** Offers (spec §7): search, create, read, update, delete. */
export async function offerRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const selection = { offer: offers, organisationName: companies.name, organisationLogo: companies.logoUrl };
  const sortable = {
    title: offers.title,
    organisation_name: companies.name,
    price: offers.price,
    credit_ratio: offers.creditRatio,
    created_at: offers.createdAt,
  };

  async function findOffer(id: string, tx: Database = db) {
    const [row] = await tx.select(selection).from(offers).leftJoin(companies, eq(companies.id, offers.organisationId)).where(eq(offers.id, id)).limit(1);
    if (!row) throw notFound();
    return row;
  }

  app.post('/offer/search', async (request) => {
    const body = parseInput(searchBody, request.body);
    const conditions: SQL[] = [];
    if (body.search) conditions.push(like(offers.searchText, containsPattern(body.search.toLowerCase())));
    if (body.domain_activity) conditions.push(eq(offers.activityDomain, body.domain_activity));
    if (body.sub_activity_domain) conditions.push(eq(offers.subActivityDomain, body.sub_activity_domain));
    if (body.organisation_id) conditions.push(eq(offers.organisationId, body.organisation_id));
    const where = conditions.length ? and(...conditions) : undefined;
    const [rows, total] = await Promise.all([
      db
        .select(selection)
        .from(offers)
        .leftJoin(companies, eq(companies.id, offers.organisationId))
        .where(where)
        .orderBy(...orderBy(body.sort, sortable, { field: 'created_at', direction: -1 }, offers.id))
        .limit(PAGE_SIZE)
        .offset(body.offset),
      searchTotal(db, offers, where),
    ]);
    return { ok: true, data: rows.map(toOfferDto), total };
  });

  app.post('/offer', async (request) => {
    const { title, description, images, organisation_id } = parseInput(createBody, request.body);
    if (organisation_id) await checkCompanyExists(db, organisation_id);
    const id = newId();
    const created = await db.transaction(async (tx) => {
      await tx.insert(offers).values({ id, title, description, images, organisationId: organisation_id ?? null });
      const created = toOfferDto(await findOffer(id, tx));
      await recordAudit(tx, request, { action: 'create', entity: 'offer', entityId: id, changes: changedFields(null, created) });
      return created;
    });
    return { ok: true, data: created };
  });

  app.get('/offer/:id', async (request) => {
    const { id } = parseInput(idParams, request.params);
    return { ok: true, data: toOfferDto(await findOffer(id)) };
  });

  app.put('/offer/:id', async (request) => {
    const { id } = parseInput(idParams, request.params);
    const fields = parseInput(updateBody, request.body);
    const { offer } = await findOffer(id);
    checkDomainPair(afterUpdate(fields.activity_domain, offer.activityDomain), afterUpdate(fields.sub_activity_domain, offer.subActivityDomain));
    if (fields.organisation_id) await checkCompanyExists(db, fields.organisation_id);
    const changes = definedOnly({
        title: fields.title,
        description: fields.description,
        images: fields.images,
        organisationId: fields.organisation_id,
        activityDomain: fields.activity_domain,
        subActivityDomain: fields.sub_activity_domain,
        price: fields.price,
        unit: fields.unit,
        creditRatio: fields.credit_ratio,
        priceOnProposal: fields.price_on_proposal,
    });
    const updated = await db.transaction(async (tx) => {
      const before = toOfferDto(await findOffer(id, tx));
      if (Object.keys(changes).length) await tx.update(offers).set(changes).where(eq(offers.id, id));
      const after = toOfferDto(await findOffer(id, tx));
      await recordAudit(tx, request, { action: 'update', entity: 'offer', entityId: id, changes: changedFields(before, after) });
      return after;
    });
    return { ok: true, data: updated };
  });

  app.delete('/offer/:id', async (request) => {
    const { id } = parseInput(idParams, request.params);
    await db.transaction(async (tx) => {
      const before = toOfferDto(await findOffer(id, tx));
      await tx.delete(offers).where(eq(offers.id, id));
      await recordAudit(tx, request, { action: 'delete', entity: 'offer', entityId: id, changes: changedFields(before, null) });
    });
    return { ok: true };
  });
}
