import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { companies, offers } from '../db/schema';
import type { Database } from '../db/client';
import { reusableSelect } from '../lib/preparedQueries';
import { StaleRecordError } from '../lib/versions';
import type { Offer } from '../../shared/contract/offers';

type OfferColumn = keyof typeof offers.$inferInsert;
const offerColumns = getTableColumns(offers);
const offerColumnNames = Object.keys(offerColumns);
const companyBefore = alias(companies, 'company_before');
const companyAfter = alias(companies, 'company_after');

/**
 * The update's statement for a set of columns, each value a placeholder: built once per set (its SQL differs by the
 * set alone) and named by it (a bit mask over the table's columns: PostgreSQL keeps 63 characters of a name).
 * One statement locks, changes and reads the offer as it was and as it is: the row lock is then held for the audit
 * insert and the commit only (docs/benchmarks.md, "The offer update": 212 → 293 req/s for concurrent updates).
 */
function buildChangeStatement(db: Database, columns: OfferColumn[], name: string) {
  const set = Object.fromEntries(columns.map((column) => [column, sql`${sql.placeholder(`set_${column}`)}`]));
  // A null `version` checks none; a stale one selects no row, even after waiting for another update's lock.
  const before = db.$with('before').as(
    db
      .select(offerColumns)
      .from(offers)
      .where(and(eq(offers.id, sql.placeholder('id')), sql`${offers.version} = coalesce(${sql.placeholder('version')}::integer, ${offers.version})`))
      .for('update'),
  );
  const after = db.$with('after').as(db.update(offers).set(set).from(before).where(eq(offers.id, before.id)).returning(offerColumns));
  const statement = db
    .with(before, after)
    .select({
      before: before._.selectedFields,
      beforeName: companyBefore.name,
      beforeLogo: companyBefore.logoUrl,
      after: after._.selectedFields,
      afterName: companyAfter.name,
      afterLogo: companyAfter.logoUrl,
    })
    .from(before)
    .innerJoin(after, eq(after.id, before.id))
    .leftJoin(companyBefore, eq(companyBefore.id, before.organisationId))
    .leftJoin(companyAfter, eq(companyAfter.id, after.organisationId));
  return reusableSelect(statement, name);
}
const changeStatements = new Map<string, ReturnType<typeof buildChangeStatement>>();

/**
 * Applies `changes` to the offer at `expected` (any version without one) and reads it as it was and as it is; a stale
 * version changes nothing and is refused (409 STALE_RECORD), a missing offer is 404. `find` reads it with its company;
 * `toRecord` makes the record of a row as the entity reads it (its columns, its company's name and logo).
 */
export async function changeOffer(
  tx: Database,
  id: string,
  changes: Partial<typeof offers.$inferInsert>,
  expected: number | undefined,
  find: (id: string, tx: Database, forUpdate: boolean) => Promise<Offer>,
  toRecord: (row: Record<string, unknown>) => Offer,
): Promise<{ before: Offer; after: Offer }> {
  const columns = offerColumnNames.filter((column) => column in changes) as OfferColumn[];
  if (!columns.length) {
    const current = await find(id, tx, true);
    if (expected !== undefined && expected !== current.version) throw new StaleRecordError(current);
    return { before: current, after: current };
  }
  const name = `offer_change_${columns.reduce((mask, column) => mask + 2 ** offerColumnNames.indexOf(column), 0)}`;
  let run = changeStatements.get(name);
  if (!run) changeStatements.set(name, (run = buildChangeStatement(tx, columns, name)));
  // Placeholders take the values as the driver gets them: encoded by their columns here (JSON for the images).
  const values: Record<string, unknown> = { id, version: expected ?? null };
  for (const column of columns) {
    const value = changes[column];
    values[`set_${column}`] = value === null || value === undefined ? null : offerColumns[column].mapToDriverValue(value);
  }
  const [row] = await run(tx, values);
  // No row: the offer is gone (404), or it is at another version than `expected`.
  if (!row) throw new StaleRecordError(await find(id, tx, false));
  return {
    before: toRecord({ ...row.before, organisationName: row.beforeName, organisationLogo: row.beforeLogo }),
    after: toRecord({ ...row.after, organisationName: row.afterName, organisationLogo: row.afterLogo }),
  };
}
