import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answer } from '../lib/answers';
import { dashboardAnswer } from '../../shared/contract/dashboard';

interface DashboardRow {
  admins: number | string;
  users: number | string;
  companies: number | string;
  offers: number | string;
  needs: number | string;
  rooms: number | string;
  credit_in_circulation: number | string | null;
  offers_by_domain: Array<{ domain: string | null; count: number }> | null;
  needs_by_domain: Array<{ domain: string | null; count: number }> | null;
  needs_by_urgency: Array<{ emergency: string; count: number }> | null;
  credit_movements_per_week: Array<{ week: string; credited: number | string; debited: number | string }> | null;
}

/** Weeks shown by the credit movements chart, the current one included. */
const MOVEMENT_WEEKS = 12;

/**
 * GET /dashboard: the native overview's figures, aggregated by the database in one
 * statement: headline counts, the credit in circulation (the ledger's sum over existing companies,
 * exact in numeric), the credit movements of the last twelve weeks, offers and needs by domain, needs
 * by urgency.
 */
export async function dashboardRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Dashboard'];
  app.get('/dashboard', { schema: { tags, summary: 'The overview’s figures: counts, credit, charts', response: { 200: dashboardAnswer } } }, async () => {
    const result = (await app.db.execute(sql`
      SELECT
        (SELECT count(*) FROM admins) AS admins,
        (SELECT count(*) FROM users) AS users,
        (SELECT count(*) FROM companies) AS companies,
        (SELECT count(*) FROM offers) AS offers,
        (SELECT count(*) FROM needs) AS needs,
        (SELECT count(*) FROM rooms) AS rooms,
        (SELECT coalesce(sum(e.amount), 0) FROM credit_entries e JOIN companies c ON c.id = e.company_id) AS credit_in_circulation,
        (SELECT json_agg(json_build_object('week', to_char(w.week, 'YYYY-MM-DD'), 'credited', coalesce(m.credited, 0), 'debited', coalesce(m.debited, 0)) ORDER BY w.week)
           FROM generate_series(date_trunc('week', now()) - make_interval(weeks => ${MOVEMENT_WEEKS - 1}), date_trunc('week', now()), interval '1 week') AS w(week)
           LEFT JOIN (SELECT date_trunc('week', created_at) AS week,
                             sum(amount) FILTER (WHERE amount > 0) AS credited,
                             -sum(amount) FILTER (WHERE amount < 0) AS debited
                        FROM credit_entries
                       WHERE created_at >= date_trunc('week', now()) - make_interval(weeks => ${MOVEMENT_WEEKS - 1})
                       GROUP BY 1) m ON m.week = w.week) AS credit_movements_per_week,
        (SELECT json_agg(json_build_object('domain', domain, 'count', n) ORDER BY n DESC, domain)
           FROM (SELECT activity_domain AS domain, count(*)::int AS n FROM offers GROUP BY activity_domain) o) AS offers_by_domain,
        (SELECT json_agg(json_build_object('domain', domain, 'count', n) ORDER BY n DESC, domain)
           FROM (SELECT activity_domain AS domain, count(*)::int AS n FROM needs GROUP BY activity_domain) d) AS needs_by_domain,
        (SELECT json_agg(json_build_object('emergency', emergency, 'count', n) ORDER BY n DESC, emergency)
           FROM (SELECT emergency, count(*)::int AS n FROM needs GROUP BY emergency) u) AS needs_by_urgency
    `)) as unknown as { rows: DashboardRow[] };
    const row = result.rows[0];
    if (!row) throw new Error('dashboard query returned no row');
    return answer({
      counts: {
        admins: Number(row.admins),
        users: Number(row.users),
        companies: Number(row.companies),
        offers: Number(row.offers),
        needs: Number(row.needs),
        rooms: Number(row.rooms),
      },
      credit_in_circulation: Number(row.credit_in_circulation ?? 0),
      offers_by_domain: row.offers_by_domain ?? [],
      needs_by_domain: row.needs_by_domain ?? [],
      needs_by_urgency: row.needs_by_urgency ?? [],
      credit_movements_per_week: (row.credit_movements_per_week ?? []).map((week) => ({
        week: week.week,
        credited: Number(week.credited),
        debited: Number(week.debited),
      })),
    });
  });
}
