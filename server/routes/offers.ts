import { and, eq, getTableColumns, inArray, like, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PAGE_SIZE } from '../../shared/catalogue/pagination';
import { companies, offers, type OfferRow } from '../db/schema';
import type { Database } from '../db/client';
import { changedFields, recordAudit } from '../lib/audit';
import { checkDomainPair } from '../lib/domainRules';
import { notFound } from '../lib/errors';
import { definedOnly } from '../lib/objects';
import { newId } from '../lib/ids';
import { emptiesLast, sortOrder } from '../lib/listing';
import { boolean, csvExportRoute, date, exportSelection, number, text } from '../lib/csvExport';
import { checkCompanyExists } from '../lib/organisations';
import { containsPattern } from '../lib/validation';
import { answer, page } from '../lib/answers';
import { inline, pageIds, searchPage, type Bind } from '../lib/searchTotal';
import { reusableSelect } from '../lib/preparedQueries';
import { idParams } from '../../shared/contract/envelope';
import { bulkAnswer, bulkDeleteBody } from '../../shared/contract/bulk';
import { versionHeaders } from '../../shared/contract/versions';
import { bulkDeleteAtVersions, deleteAtVersion, expectedVersion, refuseStale, sendVersion, StaleRecordError, updateAction } from '../lib/versions';
import {
  offerAnswer,
  offerCreateBody,
  offerDeleted,
  offerExport,
  offerPage,
  offerSearchBody,
  offerUpdateBody,
  type Offer,
  type OfferSearch,
} from '../../shared/contract/offers';

type OfferJoin = { offer: OfferRow; organisationName: string | null; organisationLogo: string | null };

const toOfferDto = ({ offer, organisationName, organisationLogo }: OfferJoin): Offer => ({
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
  version: offer.version,
});

/** Offers (contract: shared/contract/offers.ts): search, create, read, update, delete. */
export async function offerRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app;
  const tags = ['Offers'];
  const selection = { offer: offers, organisationName: companies.name, organisationLogo: companies.logoUrl };
  const sortable = {
    title: offers.title,
    organisation_name: emptiesLast(offers.organisationName),
    price: emptiesLast(offers.price),
    credit_ratio: emptiesLast(offers.creditRatio),
    created_at: offers.createdAt,
  };

  // A function: `.for()` changes the builder it is called on.
  const offerWithCompany = () =>
    db
      .select(selection)
      .from(offers)
      .leftJoin(companies, eq(companies.id, offers.organisationId))
      .where(eq(offers.id, sql.placeholder('id')))
      .limit(1);
  /** Built once and run by name, in a transaction or not; the locked read locks the offer's row, not its company's. */
  const offerRead = reusableSelect(offerWithCompany(), 'offer_read');
  const offerLockedRead = reusableSelect(offerWithCompany().for('update', { of: offers }), 'offer_read_locked');

  /** The offer and its company's fields; `forUpdate` locks the offer's row until the transaction ends. */
  async function findOffer(id: string, tx: Database = db, forUpdate = false) {
    const [row] = await (forUpdate ? offerLockedRead : offerRead)(tx, { id });
    if (!row) throw notFound();
    return row;
  }

  type OfferColumn = keyof typeof offers.$inferInsert;
  const offerColumns = getTableColumns(offers);
  const offerColumnNames = Object.keys(offerColumns);
  const companyBefore = alias(companies, 'company_before');
  const companyAfter = alias(companies, 'company_after');

  /**
   * changeOffer's statement for a set of columns, each value a placeholder: built once per set (its SQL differs by the
   * set alone) and named by it, so that each connection plans it once. The name is the set as a bit mask over the
   * table's columns, the same in every app over one pool (at most one statement per set of the update's ten columns;
   * the console's form sends one set); PostgreSQL keeps 63 characters of a name, fewer than the columns' names would take.
   */
  function buildChangeStatement(columns: OfferColumn[], name: string) {
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
  const changeStatement = (columns: OfferColumn[]) => {
    const name = `offer_change_${columns.reduce((mask, column) => mask + 2 ** offerColumnNames.indexOf(column), 0)}`;
    let run = changeStatements.get(name);
    if (!run) changeStatements.set(name, (run = buildChangeStatement(columns, name)));
    return run;
  };

  /**
   * Locks the offer, applies `changes` and reads it as it was and as it is, each with its company's fields, in one
   * statement (its WITH queries share one snapshot; `before` takes the row lock, which the update then holds). After a
   * wait for the lock, `before` and `after` are the row as the other transaction left it, but the companies' names and
   * logos are still those of the statement's snapshot: a rename committed meanwhile shows from the next read. An
   * `expected` version that is not the row's changes nothing and is refused (409 STALE_RECORD).
   */
  async function changeOffer(
    tx: Database,
    id: string,
    changes: Partial<typeof offers.$inferInsert>,
    expected: number | undefined,
  ): Promise<{ before: OfferJoin; after: OfferJoin }> {
    const columns = offerColumnNames.filter((column) => column in changes) as OfferColumn[];
    if (!columns.length) {
      const current = await findOffer(id, tx, true);
      await refuseStale(current.offer.version, expected, async () => toOfferDto(current));
      return { before: current, after: current };
    }
    // Placeholders take the values as the driver gets them: encoded by their columns here (JSON for the images).
    const values: Record<string, unknown> = { id, version: expected ?? null };
    for (const column of columns) {
      const value = changes[column];
      values[`set_${column}`] = value === null || value === undefined ? null : offerColumns[column].mapToDriverValue(value);
    }
    const [row] = await changeStatement(columns)(tx, values);
    // No row: the offer is gone (findOffer answers 404), or it is at another version than `expected`.
    if (!row) throw new StaleRecordError(toOfferDto(await findOffer(id, tx)));
    return {
      before: { offer: row.before, organisationName: row.beforeName, organisationLogo: row.beforeLogo },
      after: { offer: row.after, organisationName: row.afterName, organisationLogo: row.afterLogo },
    };
  }

  /** The search's WHERE and ORDER BY, shared by the page and the export so that both list the same rows in the same order. */
  const listing = (body: OfferSearch, bind: Bind = inline) => {
    const conditions: SQL[] = [];
    if (body.search) conditions.push(like(offers.searchText, bind('search', containsPattern(body.search.toLowerCase()))));
    if (body.domain_activity) conditions.push(eq(offers.activityDomain, bind('domain_activity', body.domain_activity)));
    if (body.sub_activity_domain) conditions.push(eq(offers.subActivityDomain, bind('sub_activity_domain', body.sub_activity_domain)));
    if (body.organisation_id) conditions.push(eq(offers.organisationId, bind('organisation_id', body.organisation_id)));
    return {
      where: conditions.length ? and(...conditions) : undefined,
      order: sortOrder(body.sort, sortable, { field: 'created_at', direction: -1 }, offers.id),
    };
  };

  app.post(
    '/offer/search',
    { schema: { tags, summary: 'Search offers, a page at a time', body: offerSearchBody, response: { 200: offerPage } } },
    async (request) => {
      const { body } = request;
      const { order } = listing(body);
      // The page's ids first (an index-only scan skips the OFFSET's rows), then the joined logos of those rows only.
      const { rows, total } = await searchPage(
        db,
        offers,
        { where: (bind) => listing(body, bind).where, shape: JSON.stringify(body.sort ?? null) },
        { offset: body.offset, limit: PAGE_SIZE, exactCountLimit: config.exactCountLimit },
        (tx, window, total, where) => {
          const pageOrder = order(window.reversed);
          const ids = pageIds(tx, offers, offers.id, where, pageOrder, window);
          return tx
            .select({ ...selection, searchTotal: total })
            .from(offers)
            .leftJoin(companies, eq(companies.id, offers.organisationId))
            .where(inArray(offers.id, ids))
            .orderBy(...pageOrder);
        },
      );
      return page(rows.map(toOfferDto), total);
    },
  );

  const exportColumns = [
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
  ];

  csvExportRoute(app, {
    url: '/offer/export',
    tags,
    summary: 'Export every offer the search matches, as CSV',
    body: offerSearchBody,
    answer: offerExport,
    entity: 'offer',
    fileName: 'offers',
    columns: exportColumns,
    query: (body) => {
      const { where, order } = listing(body);
      return db
        .select(exportSelection(exportColumns))
        .from(offers)
        .leftJoin(companies, eq(companies.id, offers.organisationId))
        .where(where)
        .orderBy(...order());
    },
  });

  app.post('/offer', { schema: { tags, summary: 'Create an offer', body: offerCreateBody, response: { 200: offerAnswer } } }, async (request) => {
    const { title, description, images, organisation_id } = request.body;
    if (organisation_id) await checkCompanyExists(db, organisation_id);
    const id = newId();
    const created = await db.transaction(async (tx) => {
      await tx.insert(offers).values({ id, title, description, images, organisationId: organisation_id ?? null });
      const created = toOfferDto(await findOffer(id, tx));
      await recordAudit(tx, request, { action: 'create', entity: 'offer', entityId: id, changes: changedFields(null, created) });
      return created;
    });
    return answer(created);
  });

  app.get('/offer/:id', { schema: { tags, summary: 'Read an offer', params: idParams, response: { 200: offerAnswer } } }, async (request, reply) => {
    const { id } = request.params;
    const offer = toOfferDto(await findOffer(id));
    sendVersion(reply, offer.version);
    return answer(offer);
  });

  app.put(
    '/offer/:id',
    {
      schema: { tags, summary: 'Update an offer', params: idParams, headers: versionHeaders, body: offerUpdateBody, response: { 200: offerAnswer } },
    },
    async (request) => {
      const { id } = request.params;
      const fields = request.body;
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
      const expected = expectedVersion(request, fields.version);
      // Under the offer's row lock only the audit insert and the commit wait for this process, so that concurrent
      // updates of one offer wait for as little as that (changeOffer).
      if (fields.organisation_id) {
        // Neither read locks anything, so both run before the transaction, by prepared statements: an offer that does
        // not exist answers 404 before its company is checked.
        await findOffer(id);
        await checkCompanyExists(db, fields.organisation_id);
      }
      const updated = await db.transaction(async (tx) => {
        const { before, after } = await changeOffer(tx, id, changes, expected);
        // Checked on the row as changed: throwing rolls the change back.
        checkDomainPair(after.offer.activityDomain, after.offer.subActivityDomain);
        const [was, is] = [toOfferDto(before), toOfferDto(after)];
        await recordAudit(tx, request, { action: updateAction(request), entity: 'offer', entityId: id, changes: changedFields(was, is) });
        return is;
      });
      return answer(updated);
    },
  );

  /** Deletes one offer inside `tx` (while it is at `expected`, if given: checked under its row lock). */
  async function removeOffer(tx: Database, request: FastifyRequest, id: string, expected?: number) {
    const before = toOfferDto(await findOffer(id, tx, true));
    await refuseStale(before.version, expected, async () => before);
    await tx.delete(offers).where(eq(offers.id, id));
    await recordAudit(tx, request, { action: 'delete', entity: 'offer', entityId: id, changes: changedFields(before, null) });
  }

  app.delete(
    '/offer/:id',
    { schema: { tags, summary: 'Delete an offer', params: idParams, headers: versionHeaders, response: { 200: offerDeleted } } },
    (request) => deleteAtVersion(db, request, removeOffer),
  );

  app.post(
    '/offer/bulk_delete',
    { schema: { tags, summary: 'Delete several offers in one transaction, each refusal reported', body: bulkDeleteBody, response: { 200: bulkAnswer } } },
    (request) => bulkDeleteAtVersions(db, request, offers, removeOffer),
  );
}
