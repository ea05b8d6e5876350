import { asc, inArray } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import type { admins, categoryImages, companies, needs, offers, users } from '../db/schema';
import { versionETag, versionOfIfMatch } from '../../shared/contract/versions';
import { done } from './answers';
import { actOnEach } from './bulk';
import { AppError } from './errors';

/**
 * 409 STALE_RECORD: the version the client sent is not the record's any more. The error handler sends `current` as
 * the answer's `data`: the record as GET answers it, or for a bulk call the stale ids and their current versions.
 */
export class StaleRecordError extends AppError {
  constructor(readonly current: unknown) {
    super(409, 'STALE_RECORD');
  }
}

/**
 * The version the client edited: If-Match (checked by the route's `versionHeaders`), else `version` in the body;
 * undefined when it sent neither (spec clients), whose writes are not checked.
 */
export function expectedVersion(request: FastifyRequest, bodyVersion?: number): number | undefined {
  const header = request.headers['if-match'];
  const fromHeader = header === undefined ? undefined : versionOfIfMatch(header);
  // A malformed header never reaches here (the route's schema refuses it); null is only a safeguard.
  if (fromHeader === null) throw new AppError(400, 'VALIDATION_ERROR');
  return fromHeader ?? bodyVersion;
}

/**
 * Refuses an expected version that is not `actual`. Call it with the version read under the row's lock, so that no
 * other write can come between the check and the change; `current` builds the record as GET answers it.
 */
export async function refuseStale(actual: number, expected: number | undefined, current: () => Promise<unknown>): Promise<void> {
  if (expected !== undefined && expected !== actual) throw new StaleRecordError(await current());
}

/** The audit action of an update: `overwrite` when the client saves over a newer version on purpose (X-Overwrite). */
export const updateAction = (request: FastifyRequest): 'update' | 'overwrite' => {
  // Only a save at a version can be one over another admin's change: without one, it is a plain update.
  const atVersion = expectedVersion(request, (request.body as { version?: number } | undefined)?.version) !== undefined;
  return atVersion && String(request.headers['x-overwrite']).toLowerCase() === 'true' ? 'overwrite' : 'update';
};

/** A read's ETag: the record's version. */
export const sendVersion = (reply: FastifyReply, version: number): void => {
  reply.header('etag', versionETag(version));
};

type VersionedTable = typeof companies | typeof offers | typeof needs | typeof users | typeof admins | typeof categoryImages;

/**
 * A bulk call's versions (`{ [id]: version }`): locks those rows, in id order so that two calls cannot deadlock, and
 * refuses the whole call if any is stale, with the stale ids and their current versions. Rows gone are not stale: the
 * bulk action reports them as it reports any missing row.
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

/** A route's own deletion of one row inside `tx`: while it is at `expected`, if given, checked under the row's lock. */
type RemoveRow = (tx: Database, request: FastifyRequest, id: string, expected?: number) => Promise<void>;

/** DELETE /{entity}/:id: the row goes at the version the client sent (If-Match), if it sent one. */
export async function deleteAtVersion(db: Database, request: FastifyRequest & { params: { id: string } }, remove: RemoveRow) {
  const expected = expectedVersion(request);
  await db.transaction((tx) => remove(tx, request, request.params.id, expected));
  return done();
}

/** A bulk call over `table`'s rows: each row in a savepoint, each refusal reported; the whole call refused if a version sent is stale. */
export const actOnEachAtVersions = (
  db: Database,
  body: { ids: string[]; versions?: Record<string, number> },
  table: VersionedTable,
  act: (tx: Database, id: string) => Promise<void>,
) => actOnEach(db, body.ids, act, (tx) => refuseStaleVersions(tx, table, body.versions));

/** POST /{entity}/bulk_delete, at the versions the client sent. */
export const bulkDeleteAtVersions = (
  db: Database,
  request: FastifyRequest & { body: { ids: string[]; versions?: Record<string, number> } },
  table: VersionedTable,
  remove: RemoveRow,
) => actOnEachAtVersions(db, request.body, table, (tx, id) => remove(tx, request, id));
