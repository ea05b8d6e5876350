import { eq, like, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { companies, offers } from '../db/schema';
import { checkDomainPair } from '../lib/domainRules';
import { definedOnly } from '../lib/objects';
import { emptiesLast } from '../lib/listing';
import { boolean, date, number, text } from '../lib/csvExport';
import { checkCompanyExists } from '../lib/organisations';
import { offerAnswer, offerCreateBody, offerDeleted, offerExport, offerPage, offerSearchBody, offerUpdateBody } from '../../shared/contract/offers';
import { defineEntity, lowered } from './entity';
import { changeOffer, toOfferDto } from './offerChange';

/** Offers (contract: shared/contract/offers.ts): search, export, create, read, update, delete. */
export default defineEntity({
  name: 'offer',
  tag: 'Offers',
  description: 'The companies’ offers.',
  table: offers,
  fields: { offer: offers, organisationName: companies.name, organisationLogo: companies.logoUrl },
  join: (query: PgSelect) => query.leftJoin(companies, eq(companies.id, offers.organisationId)),
  toRecord: toOfferDto,
  contract: { answer: offerAnswer, deleted: offerDeleted },
  search: {
    body: offerSearchBody,
    page: offerPage,
    text: (pattern) => like(offers.searchText, lowered(pattern)),
    filters: { domain_activity: offers.activityDomain, sub_activity_domain: offers.subActivityDomain, organisation_id: offers.organisationId },
    sortable: {
      title: offers.title,
      organisation_name: emptiesLast(offers.organisationName),
      price: emptiesLast(offers.price),
      credit_ratio: emptiesLast(offers.creditRatio),
      created_at: offers.createdAt,
    },
    defaultSort: { field: 'created_at', direction: -1 },
  },
  export: {
    answer: offerExport,
    fileName: 'offers',
    columns: [
      text('id', offers.id),
      text('title', offers.title),
      // A cell per offer: its image links, space-separated (a link holds no space).
      text('images', sql`array_to_string(array(select jsonb_array_elements_text(${offers.images})), ' ')`),
      text('organisation_id', offers.organisationId),
      text('organisation_name', companies.name),
      number('price', offers.price),
      text('unit', offers.unit),
      boolean('price_on_proposal', offers.priceOnProposal),
      number('credit_ratio', offers.creditRatio),
      date('created_at', offers.createdAt),
    ],
  },
  create: {
    body: offerCreateBody,
    example: async (make) => ({ title: 'Offre', description: 'd', images: ['https://x.example/a.png'], organisation_id: await make('company') }),
    check: async (db, { organisation_id }) => {
      if (organisation_id) await checkCompanyExists(db, organisation_id);
    },
    values: ({ title, description, images, organisation_id }) => ({ title, description, images, organisationId: organisation_id ?? null }),
  },
  update: {
    body: offerUpdateBody,
    example: { title: 'Offre modifiée' },
    changes: (fields) =>
      definedOnly({
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
      }),
    // Before the row lock, so that concurrent updates of one offer wait for as little as they can: a missing offer answers 404 first.
    check: async (db, { organisation_id }, id, { exists }) => {
      if (!organisation_id) return;
      await exists(id);
      await checkCompanyExists(db, organisation_id);
    },
    checkChanged: (after) => checkDomainPair(after.activity_domain, after.sub_activity_domain),
    write: changeOffer,
  },
});
