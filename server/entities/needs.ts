import { permit } from '../lib/permissions';
import { eq, getTableColumns, ilike, or, sql } from 'drizzle-orm';
import { needs, type NeedRow } from '../db/schema';
import { changedFields, recordAudit } from '../lib/audit';
import { checkDomainPair } from '../lib/domainRules';
import { definedOnly } from '../lib/objects';
import { emptiesLast } from '../lib/listing';
import { date, text } from '../lib/csvExport';
import { checkCompanyExists } from '../lib/organisations';
import { actOnEachAtVersions } from '../lib/versions';
import { bulkAnswer } from '../../shared/contract/bulk';
import {
  needAnswer,
  needBulkStatusBody,
  needCreateBody,
  needDeleted,
  needExport,
  needPage,
  needSearchBody,
  needUpdateBody,
  type Need,
} from '../../shared/contract/needs';
import { defineEntity, lowered } from './entity';

const toNeedDto = (need: NeedRow): Need => ({
  _id: need.id,
  organisation_id: need.organisationId,
  organisation_name: need.organisationName,
  activity_domain: need.activityDomain,
  sub_activity_domain: need.subActivityDomain,
  description: need.description,
  emergency: need.emergency,
  status: need.status,
  created_at: need.createdAt.toISOString(),
  version: need.version,
});

/** Needs: search, export, create, read, update, delete, and a status for several at once. */
export default defineEntity({
  name: 'need',
  tag: 'Needs',
  description: 'The companies’ needs.',
  table: needs,
  fields: getTableColumns(needs),
  toRecord: toNeedDto,
  contract: { answer: needAnswer, deleted: needDeleted },
  search: {
    body: needSearchBody,
    page: needPage,
    text: (pattern) => or(sql`lower(${needs.description}) LIKE ${lowered(pattern)}`, ilike(needs.organisationName, pattern)),
    filters: {
      activity_domain: needs.activityDomain,
      sub_activity_domain: needs.subActivityDomain,
      organisation_id: needs.organisationId,
      emergency: needs.emergency,
      status: needs.status,
    },
    sortable: {
      organisation_name: emptiesLast(needs.organisationName),
      // The first 200 characters (indexed), then the whole: the description's own order under a code-point collation.
      description: [sql`left(${needs.description}, 200)`, needs.description],
      emergency: needs.emergency,
      created_at: needs.createdAt,
    },
    defaultSort: { field: 'created_at', direction: -1 },
  },
  export: {
    answer: needExport,
    fileName: 'needs',
    columns: [
      text('id', needs.id),
      text('organisation_id', needs.organisationId),
      text('organisation_name', needs.organisationName),
      text('description', needs.description),
      text('emergency', needs.emergency),
      date('created_at', needs.createdAt),
    ],
  },
  create: {
    body: needCreateBody,
    example: async (make) => ({ description: 'Besoin', emergency: 'Maintenant' as const, organisation_id: await make('company') }),
    check: async (db, fields) => {
      checkDomainPair(fields.activity_domain, fields.sub_activity_domain);
      if (fields.organisation_id) await checkCompanyExists(db, fields.organisation_id);
    },
    values: (fields) => ({
      description: fields.description,
      emergency: fields.emergency,
      organisationId: fields.organisation_id ?? null,
      activityDomain: fields.activity_domain ?? null,
      subActivityDomain: fields.sub_activity_domain ?? null,
    }),
  },
  update: {
    body: needUpdateBody,
    example: { description: 'Besoin modifié' },
    summary: 'Update a need (any status may follow any other)',
    changes: (fields) =>
      definedOnly({
        description: fields.description,
        emergency: fields.emergency,
        status: fields.status,
        organisationId: fields.organisation_id,
        activityDomain: fields.activity_domain,
        subActivityDomain: fields.sub_activity_domain,
      }),
    check: async (db, fields) => {
      if (fields.organisation_id) await checkCompanyExists(db, fields.organisation_id);
    },
    checkChanged: (after) => checkDomainPair(after.activity_domain, after.sub_activity_domain),
  },
  routes: (app, { find, tags }) => {
    app.post(
      '/need/bulk_status',
      {
        ...permit('need', 'bulk'),
        schema: {
          tags,
          summary: 'Set the status of several needs in one transaction, each refusal reported',
          body: needBulkStatusBody,
          response: { 200: bulkAnswer },
        },
      },
      (request) =>
        actOnEachAtVersions(app.db, request.body, needs, async (tx, id) => {
          const before = await find(id, tx);
          await tx.update(needs).set({ status: request.body.status }).where(eq(needs.id, id));
          await recordAudit(tx, request, { action: 'update', entity: 'need', entityId: id, changes: changedFields(before, await find(id, tx)) });
        }),
    );
  },
});
