import { eq, inArray, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { dashboardStatement } from '../../server/routes/dashboard';
import { TREND_WEEKS } from '../../shared/catalogue/dashboard';
import { companies, creditEntries, needs, offers, roomMessages, rooms, users } from '../../server/db/schema';
import { newId } from '../../server/lib/ids';
import { statementsSent } from '../helpers/statements';
import { buildTestServer, signedInAdmin } from '../helpers/testServer';
import { insertCompany, insertUser } from '../helpers/serverFixtures';

const DAY = 24 * 60 * 60 * 1000;
const WEEK = 7 * DAY;

/** Monday 00:00 UTC of the current week, and of the window's weeks (0 the oldest, 11 the current one). */
function weekStarts(now = new Date()): Date[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const monday = today - ((now.getUTCDay() + 6) % 7) * DAY;
  return Array.from({ length: 12 }, (_, index) => new Date(monday - (11 - index) * WEEK));
}
const at = (start: Date | undefined, offsetMs = 0): Date => new Date((start as Date).getTime() + offsetMs);
const dayOf = (date: Date | undefined) => (date as Date).toISOString().slice(0, 10);

describe('GET /dashboard', () => {
  it('is one statement without parameters, its window computed by PostgreSQL, so that it is prepared once', () => {
    const { sql: text, params } = new PgDialect().sqlToQuery(dashboardStatement);
    expect(params).toEqual([]);
    expect(text).toContain(`make_interval(weeks => ${TREND_WEEKS - 1})`);
  });

  it('runs its statement by name after the first call, planned once (PGlite: its text kept parsed by the thread)', async () => {
    const fresh = await buildTestServer();
    try {
      const { app } = fresh;
      const admin = await signedInAdmin(app);
      const dashboard = async () => expect((await admin.call('GET', '/dashboard')).statusCode).toBe(200);
      const first = await statementsSent(app, 'dashboard_tallies', dashboard);
      const [again] = await statementsSent(app, 'dashboard_tallies', dashboard);
      const executed = await statementsSent(app, 'dashboard', dashboard);
      if (app.dbKind === 'pglite') {
        expect(first).toHaveLength(1);
        expect(again?.text).toBe(first[0]?.text);
        expect(executed).toHaveLength(1);
        const kept = (await app.db.execute(
          sql`select count(*)::int as n from pg_prepared_statements where statement like '%dashboard_tallies%' and statement not like '%pg_prepared_statements%'`,
        )) as unknown as { rows: unknown[] };
        expect(kept.rows).toEqual([{ n: 1 }]);
      } else {
        expect(first.map(({ name }) => name)).toEqual(['dashboard']);
        expect(again?.name).toBe('dashboard');
        expect(executed).toHaveLength(1);
      }
    } finally {
      await fresh.close();
    }
  });

  it('counts, credit in circulation, 12-week trends with empty weeks, needs by domain / urgency / status, latest rooms', async () => {
    const fresh = await buildTestServer();
    try {
      const { app } = fresh;
      const admin = await signedInAdmin(app);
      const weeks = weekStarts();
      const [oldest, , , , , fifth, , , , ninth, tenth, current] = weeks;

      // Companies: two at the current week's very start, one at the last instant of week 9, one just before the window.
      const first = await insertCompany(app, { createdAt: at(current) });
      await insertCompany(app, { createdAt: at(current, 60_000) });
      const late = await insertCompany(app, { createdAt: at(tenth, -1) });
      await insertCompany(app, { createdAt: at(oldest, -1) });
      // Users: one at the window's first instant, one in week 5.
      await insertUser(app, { createdAt: at(oldest) });
      await insertUser(app, { createdAt: at(fifth, 3 * DAY) });
      // Offers: two in week 9, one outside the window.
      const offer = (domain: string | null, createdAt: Date) => ({ id: newId(), title: 'O', description: 'd', activityDomain: domain, createdAt });
      await app.db.insert(offers).values([offer('Mobilier', at(ninth, DAY)), offer(null, at(ninth, 2 * DAY)), offer('Mobilier', at(oldest, -WEEK))]);
      // Needs: spread over urgencies, statuses and domains; two in the current week, one in week 5, one outside the window.
      const need = (emergency: string, status: string, domain: string | null, createdAt: Date) => ({
        id: newId(),
        description: 'n',
        emergency,
        status,
        activityDomain: domain,
        createdAt,
      });
      await app.db
        .insert(needs)
        .values([
          need('Maintenant', 'en cours', 'Mobilier', at(current, DAY)),
          need('Maintenant', 'non dispo', 'Mobilier', at(current, 2 * DAY)),
          need("Pas d'urgence", 'été traité', null, at(fifth)),
          need('Dans la semaine', 'non dispo', 'Expert IA', at(oldest, -DAY)),
        ]);
      // The ledger: an adjustment made now through the API, entries in weeks 0 and 9, one before the window.
      expect((await admin.call('POST', `/company/${first.id}/credit`, { amount: 100.5, reason: 'Achat' })).statusCode).toBe(200);
      expect((await admin.call('POST', `/company/${late.id}/credit`, { amount: -30, reason: 'Avoir' })).statusCode).toBe(200);
      const entry = (amount: number, createdAt: Date) => ({ id: newId(), companyId: first.id, amount, balanceAfter: 0, reason: 'r', createdAt });
      await app.db
        .insert(creditEntries)
        .values([entry(40, at(oldest, DAY)), entry(-12.25, at(oldest, 2 * DAY)), entry(7, at(ninth)), entry(999, at(oldest, -DAY))]);
      // Rooms: six, the oldest of which falls out of the latest five; one has messages.
      const roomIds: string[] = [];
      for (let index = 0; index < 6; index += 1) {
        const id = newId();
        roomIds.push(id);
        await app.db
          .insert(rooms)
          .values({ id, offerTitle: `Room ${index}`, sellerId: first.id, buyerId: late.id, createdAt: at(fifth, index * DAY), offerImages: [] });
      }
      const message = (createdAt: Date) => ({
        id: newId(),
        roomId: roomIds[2] as string,
        senderId: first.id,
        senderRole: 'seller' as const,
        senderName: 'S',
        text: 't',
        createdAt,
      });
      await app.db.insert(roomMessages).values([message(at(ninth)), message(at(tenth, DAY))]);

      const body = (await admin.call('GET', '/dashboard')).json();
      const zero = { companies: 0, users: 0, offers: 0, needs: 0, credited: 0, debited: 0 };
      const expectedWeeks = weeks.map((start) => ({ week: dayOf(start), ...zero }));
      Object.assign(expectedWeeks[0] as object, { users: 1, credited: 40, debited: 12.25 });
      Object.assign(expectedWeeks[5] as object, { users: 1, needs: 1 });
      Object.assign(expectedWeeks[9] as object, { companies: 1, offers: 2, credited: 7 });
      // The rooms' two companies were created now: the current week.
      Object.assign(expectedWeeks[11] as object, { companies: 2, needs: 2, credited: 100.5, debited: 30 });
      const roomName = (index: number) => `Room ${index}`;
      expect(body).toEqual({
        ok: true,
        data: {
          counts: { admins: 1, users: 2, companies: 4, offers: 3, needs: 4, rooms: 6 },
          credit_in_circulation: 70.5,
          weeks: expectedWeeks,
          offers_by_domain: [
            { domain: 'Mobilier', count: 2 },
            { domain: null, count: 1 },
          ],
          needs_by_domain: [
            { domain: 'Mobilier', count: 2 },
            { domain: 'Expert IA', count: 1 },
            { domain: null, count: 1 },
          ],
          needs_by_urgency: [
            { emergency: 'Maintenant', count: 2 },
            { emergency: 'Dans la semaine', count: 1 },
            { emergency: "Pas d'urgence", count: 1 },
          ],
          needs_by_status: [
            // The catalogue's order, not the counts'.
            { status: 'en cours', count: 1 },
            { status: 'été traité', count: 1 },
            { status: 'non dispo', count: 2 },
          ],
          latest_rooms: [5, 4, 3, 2, 1].map((index) => ({
            _id: roomIds[index],
            offer_title: roomName(index),
            seller_name: first.name,
            buyer_name: late.name,
            created_at: at(fifth, index * DAY).toISOString(),
            last_activity_at: index === 2 ? at(tenth, DAY).toISOString() : at(fifth, index * DAY).toISOString(),
            messages: index === 2 ? 2 : 0,
          })),
        },
      });
      expect(new Date(`${body.data.weeks[11].week}T12:00:00Z`).getUTCDay()).toBe(1);
      expect((await app.inject({ method: 'GET', url: '/api/dashboard' })).statusCode).toBe(401);
    } finally {
      await fresh.close();
    }
  });

  it('an empty database: zero counts and twelve zero weeks, empty breakdowns and rooms', async () => {
    const fresh = await buildTestServer();
    try {
      const admin = await signedInAdmin(fresh.app);
      const { data } = (await admin.call('GET', '/dashboard')).json();
      expect(data.weeks.map((week: { week: string }) => week.week)).toEqual(weekStarts().map(dayOf));
      expect(data.weeks.every((week: Record<string, unknown>) => Object.entries(week).every(([key, value]) => key === 'week' || value === 0))).toBe(true);
      expect([data.offers_by_domain, data.needs_by_domain, data.needs_by_urgency, data.needs_by_status, data.latest_rooms]).toEqual([[], [], [], [], []]);
      expect(data.counts).toEqual({ admins: 1, users: 0, companies: 0, offers: 0, needs: 0, rooms: 0 });
    } finally {
      await fresh.close();
    }
  });
  it('keeps its weekly trends, breakdowns and credit in circulation right through inserts, updates, moves between weeks, bulk changes, deletions and truncations', async () => {
    const fresh = await buildTestServer();
    try {
      const { app } = fresh;
      const admin = await signedInAdmin(app);
      /** What the breakdowns are, counted from the rows themselves (as the dashboard did before its tallies). */
      const counted = async () => {
        const rowsOf = async (query: ReturnType<typeof sql>) =>
          ((await app.db.execute(query)) as unknown as { rows: Array<{ key: string | null; n: number }> }).rows;
        const breakdown = async (table: string, column: string) =>
          (await rowsOf(sql.raw(`SELECT ${column} AS key, count(*)::int AS n FROM ${table} GROUP BY 1`))).map(({ key, n }) => [key, n]).sort();
        const [credit] = await rowsOf(sql`SELECT NULL AS key, coalesce(sum(credit_balance), 0)::float8 AS n FROM companies`);
        /** Each window week's records and credit moves, counted from the rows' created_at in JavaScript. */
        const createdAt = async (table: string) =>
          (
            (await app.db.execute(sql.raw(`SELECT created_at, ${table === 'credit_entries' ? 'amount' : '1'}::float8 AS amount FROM ${table}`))) as unknown as {
              rows: Array<{ created_at: string | Date; amount: number }>;
            }
          ).rows.map((row) => ({ at: new Date(row.created_at).getTime(), amount: row.amount }));
        const [companyRows, userRows, offerRows, needRows, moves] = await Promise.all(
          ['companies', 'users', 'offers', 'needs', 'credit_entries'].map((table) => createdAt(table)),
        );
        const inWeek = (start: Date, rows: Array<{ at: number; amount: number }> = []) =>
          rows.filter(({ at }) => at >= start.getTime() && at < start.getTime() + WEEK);
        const total = (rows: Array<{ amount: number }>) => rows.reduce((sum, { amount }) => sum + amount, 0);
        const weeks = weekStarts().map((start) => ({
          week: dayOf(start),
          companies: inWeek(start, companyRows).length,
          users: inWeek(start, userRows).length,
          offers: inWeek(start, offerRows).length,
          needs: inWeek(start, needRows).length,
          credited: total(inWeek(start, moves).filter(({ amount }) => amount > 0)),
          debited: Math.abs(total(inWeek(start, moves).filter(({ amount }) => amount < 0))),
        }));
        return {
          weeks,
          offersByDomain: await breakdown('offers', 'activity_domain'),
          needsByDomain: await breakdown('needs', 'activity_domain'),
          needsByUrgency: await breakdown('needs', 'emergency'),
          needsByStatus: await breakdown('needs', 'status'),
          credit: credit?.n,
        };
      };
      const shown = async () => {
        const { data } = (await admin.call('GET', '/dashboard')).json();
        const pairs = (list: Array<Record<string, unknown>>, key: string) => list.map((item) => [item[key], item.count]).sort();
        return {
          weeks: data.weeks,
          offersByDomain: pairs(data.offers_by_domain, 'domain'),
          needsByDomain: pairs(data.needs_by_domain, 'domain'),
          needsByUrgency: pairs(data.needs_by_urgency, 'emergency'),
          needsByStatus: pairs(data.needs_by_status, 'status'),
          credit: data.credit_in_circulation,
        };
      };
      const expectRight = async (step: string) => expect(await shown(), step).toEqual(await counted());

      const [seller, buyer] = [await insertCompany(app), await insertCompany(app, { creditBalance: 12.5 })];
      const offerRow = (domain: string | null) => ({
        id: newId(),
        title: 'O',
        description: 'd',
        images: [],
        activityDomain: domain,
        organisationId: seller.id,
      });
      const offerRows = [offerRow('Mobilier'), offerRow('Mobilier'), offerRow(null), offerRow('Expert IA')];
      await app.db.insert(offers).values(offerRows);
      // Created in other weeks of the window, and before it.
      const [firstWeek, , thirdWeek] = weekStarts();
      const olderOffers = [
        { ...offerRow('Mobilier'), createdAt: at(thirdWeek, DAY) },
        { ...offerRow('Mobilier'), createdAt: at(thirdWeek, 2 * DAY) },
        { ...offerRow(null), createdAt: at(firstWeek, -DAY) },
      ];
      await app.db.insert(offers).values(olderOffers);
      await insertUser(app, { createdAt: at(firstWeek, 3 * DAY) });
      const needRow = (emergency: string, status: string, domain: string | null) => ({
        id: newId(),
        description: 'n',
        emergency,
        status,
        activityDomain: domain,
      });
      const needRows = [
        needRow('Maintenant', 'en cours', 'Mobilier'),
        needRow('Maintenant', 'non dispo', null),
        needRow("Pas d'urgence", 'en cours', 'Mobilier'),
      ];
      await app.db.insert(needs).values(needRows);
      await expectRight('inserted');

      // Through the API: an offer changes domain, another is deleted; a need changes status; credit moves both ways.
      expect((await admin.call('PUT', `/offer/${offerRows[2]?.id}`, { activity_domain: 'Expert IA' })).statusCode).toBe(200);
      expect((await admin.call('DELETE', `/offer/${offerRows[3]?.id}`)).statusCode).toBe(200);
      expect((await admin.call('PUT', `/need/${needRows[0]?.id}`, { status: 'été traité' })).statusCode).toBe(200);
      expect((await admin.call('POST', `/company/${seller.id}/credit`, { amount: 40.25, reason: 'Achat' })).statusCode).toBe(200);
      expect((await admin.call('POST', `/company/${buyer.id}/credit`, { amount: -2.5, reason: 'Avoir' })).statusCode).toBe(200);
      await expectRight('changed through the API');

      // Statements of many rows: every need takes one urgency, an update that changes no counted column, a deletion of two.
      await app.db.update(needs).set({ emergency: 'Dans la semaine' });
      await app.db.update(offers).set({ title: 'Renamed' });
      await app.db.delete(offers).where(inArray(offers.id, [offerRows[0]?.id as string, offerRows[2]?.id as string]));
      await app.db.update(companies).set({ name: 'Renamed' }).where(eq(companies.id, seller.id));
      await expectRight('many rows');

      // Records moved to another week (one out of the window, one into it), and one moved within its week.
      await app.db
        .update(offers)
        .set({ createdAt: at(firstWeek, -2 * WEEK) })
        .where(eq(offers.id, olderOffers[0]?.id as string));
      await app.db
        .update(offers)
        .set({ createdAt: at(firstWeek, 2 * DAY) })
        .where(eq(offers.id, olderOffers[2]?.id as string));
      await app.db
        .update(offers)
        .set({ createdAt: at(thirdWeek, 5 * DAY) })
        .where(eq(offers.id, olderOffers[1]?.id as string));
      await app.db
        .insert(creditEntries)
        .values({ id: newId(), companyId: seller.id, amount: -7, balanceAfter: 0, reason: 'Earlier', createdAt: at(thirdWeek, DAY) });
      await expectRight('moved between weeks');
      // A ledger entry changed (the ledger never does it: kept right all the same), and every user moved.
      await app.db
        .update(creditEntries)
        .set({ amount: 7, createdAt: at(firstWeek, DAY) })
        .where(eq(creditEntries.reason, 'Earlier'));
      await app.db.update(users).set({ createdAt: at(thirdWeek, DAY) });
      await expectRight('an entry changed, users moved');

      // A company with a balance goes; needs are emptied all at once.
      await app.db.delete(companies).where(eq(companies.id, buyer.id));
      await app.db.execute(sql`TRUNCATE needs`);
      await app.db.delete(creditEntries).where(eq(creditEntries.reason, 'Earlier'));
      await expectRight('deleted and truncated');
      const emptied = (await admin.call('GET', '/dashboard')).json().data;
      expect([emptied.needs_by_domain, emptied.needs_by_urgency, emptied.needs_by_status]).toEqual([[], [], []]);
      expect(emptied.credit_in_circulation).toBe(40.25);

      await app.db.execute(sql`TRUNCATE companies, credit_entries CASCADE`);
      await expectRight('companies, what refers to them, and the ledger truncated');
    } finally {
      await fresh.close();
    }
  });
});
