import { permit } from '../lib/permissions';
import { eq, like, sql } from 'drizzle-orm';
import { needs } from '../db/schema';
import { changedFields, recordAudit } from '../lib/audit';
import { checkDomainPair } from '../lib/domainRules';
import { actOnEachAtVersions } from '../lib/versions';
import { bulkAnswer } from '../../shared/contract/bulk';
import { needBulkStatusBody, needContract, type Need } from '../../shared/contract/needs';
import { needFields } from '../../shared/entities/needs';
import { folded } from './entity';
import { entityOf } from './fromFields';

type DomainPair = { activity_domain?: string | null; sub_activity_domain?: string | null };

/** Needs (shared/entities/needs.ts): the standard routes, and a status for several at once. */
export default entityOf(needFields, needContract, {
  table: needs,
  description: 'The companies’ needs.',
  // Kept by triggers (migration 0009): searched and sorted without a join.
  nameColumns: { organisation_name: needs.organisationName },
  // The first 200 characters (indexed), then the whole: the description's own order under a code-point collation.
  sortable: { description: [sql`left(${needs.description}, 200)`, needs.description] },
  more: {
    // The stored folded description and company name, under one trigram index.
    search: { text: (pattern) => like(needs.searchText, folded(pattern)) },
    create: { check: async (_db, fields: DomainPair) => checkDomainPair(fields.activity_domain, fields.sub_activity_domain) },
    update: {
      summary: 'Update a need (any status may follow any other)',
      checkChanged: (after: Need) => checkDomainPair(after.activity_domain, after.sub_activity_domain),
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
  },
});
