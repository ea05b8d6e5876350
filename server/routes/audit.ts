import { permit } from '../lib/permissions';
import { and, eq, getTableColumns, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuditAction, AuditEntity } from '../../shared/catalogue/audit';
import { admins, auditEvents, companies, needs, offers, users, type AuditEventRow } from '../db/schema';
import { page } from '../lib/answers';
import { inline, pageIds, searchPage, type Bind } from '../lib/searchTotal';
import { ordered } from '../lib/listing';
import { writtenLiteral } from '../lib/sqlText';
import { currentEntityName } from '../lib/auditNames';
import { csvExportRoute, date, exportSelection, text } from '../lib/csvExport';
import { auditEventPage, auditExport, auditSearchBody, type AuditEvent, type AuditSearch } from '../../shared/contract/audit';

/** Entities with record pages: an event links to its record while it exists. */
const recordTables = { admin: admins, user: users, company: companies, offer: offers, need: needs } as const;
/** Columns written with their tables' names: in a statement on one table, Drizzle leaves them unqualified. */
const recordExists = sql<boolean>`case audit_events.entity ${sql.join(
  Object.entries(recordTables).map(
    ([entity, table]) => sql`when ${writtenLiteral(entity)} then exists (select 1 from ${table} r where r.id = audit_events.entity_id)`,
  ),
  sql` `,
)} else false end`;

/** `currentName`: the record's name now, for an event recorded before names were kept with it. */
const toAuditEventDto = (row: AuditEventRow, exists: boolean, currentName: string | null = null): AuditEvent => ({
  _id: row.id,
  created_at: row.createdAt.toISOString(),
  admin_id: row.adminId,
  admin_name: row.adminName,
  // Written only through recordAudit, with the catalogue's names.
  action: row.action as AuditAction,
  entity: row.entity as AuditEntity,
  entity_id: row.entityId,
  entity_name: row.entityName ?? currentName,
  changes: row.changes,
  ip: row.ip,
  request_id: row.requestId,
  exists,
});

/** Newest first; shared by the page and the export. */
function listing(filters: AuditSearch, bind: Bind = inline) {
  const conditions: SQL[] = [];
  if (filters.entity) conditions.push(eq(auditEvents.entity, bind('entity', filters.entity)));
  if (filters.entity_id) conditions.push(eq(auditEvents.entityId, bind('entity_id', filters.entity_id)));
  if (filters.admin_id) conditions.push(eq(auditEvents.adminId, bind('admin_id', filters.admin_id)));
  if (filters.action) conditions.push(eq(auditEvents.action, bind('action', filters.action)));
  if (filters.from) conditions.push(gte(auditEvents.createdAt, bind('from', filters.from)));
  if (filters.to) conditions.push(lte(auditEvents.createdAt, bind('to', filters.to)));
  return {
    where: conditions.length ? and(...conditions) : undefined,
    order: (reversed = false) => ordered([auditEvents.createdAt, auditEvents.id], -1, reversed),
  };
}

const exportColumns = [
  text('id', auditEvents.id),
  date('created_at', auditEvents.createdAt),
  text('admin_id', auditEvents.adminId),
  text('admin_name', auditEvents.adminName),
  text('action', auditEvents.action),
  text('entity', auditEvents.entity),
  text('entity_id', auditEvents.entityId),
  text('changes', auditEvents.changes),
];

export async function auditRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Audit'];
  app.post(
    '/audit/search',
    {
      ...permit('audit_event', 'list'),
      schema: {
        tags,
        summary: 'Search the audit trail, newest first, a page at a time',
        body: auditSearchBody,
        response: { 200: auditEventPage },
      },
    },
    async (request) => {
      const { body } = request;
      const { order } = listing(body);
      const { rows, total } = await searchPage(
        app.db,
        auditEvents,
        { where: (bind) => listing(body, bind).where, shape: '' },
        { offset: body.offset, limit: body.limit, exactCountLimit: app.config.exactCountLimit },
        (tx, window, total, where) => {
          // Ids first, then those rows with their EXISTS: one EXISTS per row of the page, however deep.
          const pageOrder = order(window.reversed);
          const ids = pageIds(tx, auditEvents, auditEvents.id, where, pageOrder, window);
          return tx
            .select({ ...getTableColumns(auditEvents), recordExists, currentName: currentEntityName, searchTotal: total })
            .from(auditEvents)
            .where(inArray(auditEvents.id, ids))
            .orderBy(...pageOrder);
        },
      );
      return page(
        rows.map((row) => toAuditEventDto(row, row.recordExists, row.currentName)),
        total,
      );
    },
  );

  csvExportRoute(app, {
    url: '/audit/export',
    resource: 'audit_event',
    tags,
    summary: 'Export every event of the trail the search matches, as CSV',
    body: auditSearchBody,
    answer: auditExport,
    entity: 'audit_event',
    fileName: 'audit',
    columns: exportColumns,
    query: (body) => {
      const { where, order } = listing(body);
      return app.db
        .select(exportSelection(exportColumns))
        .from(auditEvents)
        .where(where)
        .orderBy(...order());
    },
  });
}
