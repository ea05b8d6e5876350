import { eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AuditEntity } from '../../shared/catalogue/audit';
import type { Database } from '../db/client';
import { admins, categoryImages, companies, needs, offers, users } from '../db/schema';
import { writtenLiteral } from './sqlText';

/** Names longer than this (a need is named by its description) are kept cut, with '…'. */
export const LONGEST_ENTITY_NAME = 200;

/**
 * The entities whose records have a name, with the column that holds it (its declaration's `recordRepresentation`) and
 * the record's key for it in an event's changes. A session's events are about its admin.
 */
const NAMED: Partial<Record<AuditEntity, { table: PgTable & { id: PgColumn }; column: PgColumn; key: string }>> = {
  admin: { table: admins, column: admins.name, key: 'name' },
  session: { table: admins, column: admins.name, key: 'name' },
  user: { table: users, column: users.name, key: 'name' },
  company: { table: companies, column: companies.name, key: 'name' },
  offer: { table: offers, column: offers.title, key: 'title' },
  need: { table: needs, column: needs.description, key: 'description' },
  category_image: { table: categoryImages, column: categoryImages.activityDomain, key: 'activity_domain' },
};

const cut = (name: string): string => (name.length > LONGEST_ENTITY_NAME ? `${name.slice(0, LONGEST_ENTITY_NAME - 1)}…` : name);

const named = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? cut(value) : null);

/**
 * The record's name as the event leaves it: its changes carry it when the name was written (a create, a rename: the new
 * name; a deletion: the last one), else the record's row says it (read in the change's transaction).
 */
export async function entityNameOf(
  db: Database,
  entity: AuditEntity,
  entityId: string | null | undefined,
  changes: Record<string, [unknown, unknown]> | null | undefined,
): Promise<string | null> {
  const source = NAMED[entity];
  if (!source) return null;
  const [before, after] = changes?.[source.key] ?? [null, null];
  const written = named(after) ?? named(before);
  if (written) return written;
  if (!entityId) return null;
  const [row] = await db.select({ name: source.column }).from(source.table).where(eq(source.table.id, entityId)).limit(1);
  return named(row?.name);
}

/**
 * For events recorded before names were kept: the record's name now, while it exists (null otherwise). Columns are
 * written with their tables' names, as in a statement on audit_events alone Drizzle leaves them unqualified.
 */
export const currentEntityName: SQL<string | null> = sql<string | null>`case audit_events.entity ${sql.join(
  Object.entries(NAMED).map(
    ([entity, source]) =>
      sql`when ${writtenLiteral(entity)} then (select left(r.${sql.identifier(source.column.name)}, ${sql.raw(String(LONGEST_ENTITY_NAME))}) from ${source.table} r where r.id = audit_events.entity_id)`,
  ),
  sql` `,
)} else null end`;
