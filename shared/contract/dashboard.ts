import { z } from 'zod';
import { dataAnswer } from './envelope';

const count = z.number().int().min(0);

/** The native overview's figures, all aggregated by the database. */
export const dashboardRecord = z
  .strictObject({
    counts: z.strictObject({ admins: count, users: count, companies: count, offers: count, needs: count, rooms: count }),
    /** The ledger's sum over existing companies. */
    credit_in_circulation: z.number(),
    /** Largest first; `domain` is null for rows without one. */
    offers_by_domain: z.array(z.strictObject({ domain: z.string().nullable(), count })),
    needs_by_domain: z.array(z.strictObject({ domain: z.string().nullable(), count })),
    needs_by_urgency: z.array(z.strictObject({ emergency: z.string(), count })),
    /** The last twelve weeks, oldest first, each named by its Monday (YYYY-MM-DD). */
    credit_movements_per_week: z.array(z.strictObject({ week: z.iso.date(), credited: z.number(), debited: z.number() })),
  })
  .meta({ id: 'Dashboard' });
export type Dashboard = z.infer<typeof dashboardRecord>;

export const dashboardAnswer = dataAnswer(dashboardRecord);
