import { asc, inArray } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import type { admins, categoryImages, companies, needs, offers, users } from '../db/schema';
import { versionETag, versionOfIfMatch } from '../../shared/contract/versions';
import { done } from './answers';
import { actOnEach } from './bulk';
import { AppError } from './errors';

/** 409 STALE_RECORD; `current` is sent as the answer's `data`: the record as GET answers it, or a bulk call's stale ids and versions. */
export class StaleRecordError extends AppError {
  constructor(readonly current: unknown) {
    super(409, 'STALE_RECORD');
  }
}

/** If-Match, else the body's `version`; undefined when neither was sent (spec clients), whose writes are not checked. */
export function expectedVersion(request: FastifyRequest, bodyVersion?: number): number | undefined {
  const header = request.headers['if-match'];
  const fromHeader = header === undefined ? undefined : versionOfIfMatch(header);
  // A malformed header never reaches here (the route's schema refuses it); null is only a safeguard.
  if (fromHeader === null) throw new AppError(400, 'VALIDATION_ERROR');
  return fromHeader ?? bodyVersion;
}

/** Call it with the version read under the row's lock, so that no other write can come between check and change. */
export async function refuseStale(actual: number, expected: number | undefined, current: () => Promise<unknown>): Promise<void> {
  if (expected !== undefined && expected !== actual) throw new StaleRecordError(await current());
}

/** `overwrite` when the client saves over a newer version on purpose (X-Overwrite). */
export const updateAction = (request: FastifyRequest): 'update' | 'overwrite' => {
  // Without a version, a save cannot be over another admin's change: a plain update.
  const atVersion = expectedVersion(request, (request.body as { version?: number } | undefined)?.version) !== undefined;
  return atVersion && String(request.headers['x-overwrite']).toLowerCase() === 'true' ? 'overwrite' : 'update';
};

export const sendVersion = (reply: FastifyReply, version: number): void => {
  reply.header('etag', versionETag(version));
};

type VersionedTable = typeof companies | typeof offers | typeof needs | typeof users | typeof admins | typeof categoryImages;

/**
 * Locks the rows in id order, so two calls cannot deadlock, and refuses the whole call if any is stale. Rows gone are
 * not stale: the bulk action reports them as any missing row.
 */
async function refuseStaleVersions(tx: Database, table: VersionedTable, versions: Record<string, number> | undefined): Promise<void> {
  const ids = Object.keys(versions ?? {});
  if (!versions || !ids.length) return;
  const rows: Array<{ id: string; version: number }> = await tx
    .select({ id: table.id, version: table.version })
    .from(table)
    .where(inArray(table.id, ids))
    .orderBy(asc(table.id))
    .for('update');
  const stale = rows.filter((row) => row.version !== versions[row.id]);
  if (stale.length) throw new StaleRecordError(Object.fromEntries(stale.map((row) => [row.id, row.version])));
}

/** Deletes one row inside `tx`, at `expected` if given, checked under the row's lock. */
type RemoveRow = (tx: Database, request: FastifyRequest, id: string, expected?: number) => Promise<void>;

export async function deleteAtVersion(db: Database, request: FastifyRequest & { params: { id: string } }, remove: RemoveRow) {
  const expected = expectedVersion(request);
  await db.transaction((tx) => remove(tx, request, request.params.id, expected));
  return done();
}

/** Each row in a savepoint; the whole call refused if a version sent is stale. */
export const actOnEachAtVersions = (
  db: Database,
  body: { ids: string[]; versions?: Record<string, number> },
  table: VersionedTable,
  act: (tx: Database, id: string) => Promise<void>,
) => actOnEach(db, body.ids, act, (tx) => refuseStaleVersions(tx, table, body.versions));

export const bulkDeleteAtVersions = (
  db: Database,
  request: FastifyRequest & { body: { ids: string[]; versions?: Record<string, number> } },
  table: VersionedTable,
  remove: RemoveRow,
) => actOnEachAtVersions(db, request.body, table, (tx, id) => remove(tx, request, id));
