import { permit } from '../lib/permissions';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answer } from '../lib/answers';
import { writtenLiteral } from '../lib/sqlText';
import { trackedRowCount } from '../lib/searchTotal';
import { reusableSelect, statements } from '../lib/preparedQueries';
import { EMERGENCIES, NEED_STATUSES } from '../../shared/catalogue/needOptions';
import { LATEST_ROOMS, TREND_WEEKS } from '../../shared/catalogue/dashboard';
import { dashboardAnswer, type Dashboard } from '../../shared/contract/dashboard';
import { dashboardTodoAnswer, dashboardTodoQuery } from '../../shared/contract/dashboardTodo';
import { dashboardTodo, TODO_DEFAULT_DAYS } from '../lib/dashboardTodo';
import { sessionOf } from '../lib/sessions';

/** Counts may come back as text (bigint), credit sums as numeric. */
type Numeric = number | string;
interface DashboardRow {
  counts: Record<keyof Dashboard['counts'], Numeric>;
  credit_in_circulation: Numeric | null;
  weeks: Array<Record<Exclude<keyof Dashboard['weeks'][number], 'week'>, Numeric> & { week: string }> | null;
  offers_by_domain: Dashboard['offers_by_domain'] | null;
  needs_by_domain: Dashboard['needs_by_domain'] | null;
  needs_by_urgency: Dashboard['needs_by_urgency'] | null;
  needs_by_status: Dashboard['needs_by_status'] | null;
  latest_rooms: Array<Omit<Dashboard['latest_rooms'][number], 'created_at' | 'last_activity_at'> & { created_at: string; last_activity_at: string }> | null;
}

/** Monday 00:00 UTC, TREND_WEEKS − 1 weeks back; written into the text so the statement has no parameter (dashboardQuery). */
const firstWeek = sql.raw(`(date_trunc('week', now() AT TIME ZONE 'UTC') - make_interval(weeks => ${TREND_WEEKS - 1}))`);

/** Weekly tallies (migration 0021), keyed by their week's Monday as YYYY-MM-DD. */
const TREND_TALLIES = {
  companies: 'companies_by_week',
  users: 'users_by_week',
  offers: 'offers_by_week',
  needs: 'needs_by_week',
  credited: 'credited_by_week',
  debited: 'debited_by_week',
} as const;

/** Read from row_counts (constant time); counted only if the table is not tracked there. */
const rowCount = (table: string) => sql`coalesce(${trackedRowCount(table)}, (SELECT count(*) FROM ${sql.raw(table)}))`;

/** Non-zero counts kept by triggers in dashboard_tallies (migrations 0014, 0015, 0020): a few rows, however many records. */
const tally = (name: string) =>
  sql`(SELECT key, sum(amount)::int AS amount FROM dashboard_tallies WHERE tally = ${writtenLiteral(name)} GROUP BY key HAVING sum(amount) > 0) AS counted`;

/** Values outside the vocabulary come last. */
const catalogueOrder = (column: string, values: readonly string[]) =>
  sql`array_position(ARRAY[${sql.join(
    values.map((value) => writtenLiteral(value)),
    sql`, `,
  )}]::text[], ${sql.raw(column)}) NULLS LAST, ${sql.raw(column)}`;

const toIso = (value: string): string => new Date(value).toISOString();

/**
 * One statement. Trends, breakdowns and the credit in circulation are tallied by triggers (a few rows however many
 * records); generate_series gives every week of the window, so an empty week is all zeros.
 */
export const dashboardStatement = sql`
  WITH weekly AS (
    SELECT key AS week, ${sql.join(
      Object.entries(TREND_TALLIES).map(([column, name]) => sql`sum(amount) FILTER (WHERE tally = ${writtenLiteral(name)}) AS ${sql.raw(column)}`),
      sql`, `,
    )}
      FROM dashboard_tallies
      WHERE tally IN (${sql.join(
        Object.values(TREND_TALLIES).map((name) => writtenLiteral(name)),
        sql`, `,
      )}) AND key >= to_char(${firstWeek}, 'YYYY-MM-DD')
      GROUP BY key
  ),
  latest_rooms AS (
    SELECT r.id, r.offer_title, r.seller_name, r.buyer_name, r.created_at, last.at AS last_message_at, last.n
      FROM (SELECT * FROM rooms ORDER BY created_at DESC, id DESC LIMIT ${writtenLiteral(LATEST_ROOMS)}) r
      CROSS JOIN LATERAL (SELECT max(m.created_at) AS at, count(*)::int AS n FROM room_messages m WHERE m.room_id = r.id) last
  )
  SELECT row_to_json(figures) FROM (
    SELECT
      json_build_object(
        'admins', ${rowCount('admins')}, 'users', ${rowCount('users')}, 'companies', ${rowCount('companies')},
        'offers', ${rowCount('offers')}, 'needs', ${rowCount('needs')}, 'rooms', ${rowCount('rooms')}
      ) AS counts,
      (SELECT sum(amount) FROM dashboard_tallies WHERE tally = 'credit_in_circulation' AND key IS NULL) AS credit_in_circulation,
      (SELECT json_agg(json_build_object(
                'week', to_char(s.week, 'YYYY-MM-DD'),
                'companies', coalesce(w.companies, 0), 'users', coalesce(w.users, 0), 'offers', coalesce(w.offers, 0), 'needs', coalesce(w.needs, 0),
                'credited', coalesce(w.credited, 0), 'debited', coalesce(w.debited, 0)) ORDER BY s.week)
         FROM generate_series(${firstWeek}, date_trunc('week', now() AT TIME ZONE 'UTC'), interval '1 week') AS s (week)
         LEFT JOIN weekly w ON w.week = to_char(s.week, 'YYYY-MM-DD')) AS weeks,
      (SELECT json_agg(json_build_object('domain', key, 'count', amount) ORDER BY amount DESC, key) FROM ${tally('offers_by_domain')}) AS offers_by_domain,
      (SELECT json_agg(json_build_object('domain', key, 'count', amount) ORDER BY amount DESC, key) FROM ${tally('needs_by_domain')}) AS needs_by_domain,
      (SELECT json_agg(json_build_object('emergency', key, 'count', amount) ORDER BY ${catalogueOrder('key', EMERGENCIES)})
         FROM ${tally('needs_by_urgency')}) AS needs_by_urgency,
      (SELECT json_agg(json_build_object('status', key, 'count', amount) ORDER BY ${catalogueOrder('key', NEED_STATUSES)})
         FROM ${tally('needs_by_status')}) AS needs_by_status,
      (SELECT json_agg(json_build_object(
                '_id', id, 'offer_title', offer_title, 'seller_name', seller_name, 'buyer_name', buyer_name,
                'created_at', created_at, 'last_activity_at', coalesce(last_message_at, created_at), 'messages', n)
                ORDER BY created_at DESC, id DESC)
         FROM latest_rooms) AS latest_rooms
  ) AS figures`;

/** Run by name: each connection plans it once (it has no parameter). */
const dashboardQuery = reusableSelect(statements.select({ figures: sql<DashboardRow>`(${dashboardStatement})` }).from(sql`(VALUES (1)) AS one`), 'dashboard');

export async function dashboardRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Dashboard'];
  app.get(
    '/dashboard',
    {
      ...permit('dashboard', 'read'),
      schema: { tags, summary: 'The overview’s figures: counts, credit, 12-week trends, needs, latest rooms', response: { 200: dashboardAnswer } },
    },
    async () => {
      const [result] = await dashboardQuery(app.db, {});
      const row = result?.figures;
      if (!row) throw new Error('dashboard query returned no row');
      const { counts } = row;
      return answer({
        counts: {
          admins: Number(counts.admins),
          users: Number(counts.users),
          companies: Number(counts.companies),
          offers: Number(counts.offers),
          needs: Number(counts.needs),
          rooms: Number(counts.rooms),
        },
        credit_in_circulation: Number(row.credit_in_circulation ?? 0),
        offers_by_domain: row.offers_by_domain ?? [],
        needs_by_domain: row.needs_by_domain ?? [],
        needs_by_urgency: row.needs_by_urgency ?? [],
        needs_by_status: row.needs_by_status ?? [],
        weeks: (row.weeks ?? []).map((week) => ({
          week: week.week,
          companies: Number(week.companies),
          users: Number(week.users),
          offers: Number(week.offers),
          needs: Number(week.needs),
          credited: Number(week.credited),
          debited: Number(week.debited),
        })),
        latest_rooms: (row.latest_rooms ?? []).map((room) => ({
          ...room,
          created_at: toIso(room.created_at),
          last_activity_at: toIso(room.last_activity_at),
        })),
      });
    },
  );
  app.get(
    '/dashboard/todo',
    {
      ...permit('dashboard', 'read'),
      schema: {
        tags,
        summary:
          'What waits for the signed-in admin: approvals to decide, their requests decided since `since`, rooms awaiting a reply, users invited but not signed up (each null where the role may not list it)',
        querystring: dashboardTodoQuery,
        response: { 200: dashboardTodoAnswer },
      },
    },
    async (request) => {
      const { admin } = sessionOf(request);
      const since = request.query.since ? new Date(request.query.since) : new Date(Date.now() - TODO_DEFAULT_DAYS * 24 * 60 * 60 * 1000);
      return answer(await dashboardTodo(app.db, admin, since));
    },
  );
}
