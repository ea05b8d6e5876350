import { z } from 'zod';
import { LATEST_ROOMS, TREND_WEEKS } from '../catalogue/dashboard';
import { dataAnswer } from './envelope';
import { idSchema, timestamp } from './primitives';

const count = z.number().int().min(0);

/** One week of the trends: the records created in it and the credit that moved through the ledger. */
const weekTrend = z.strictObject({
  /** The week's Monday (YYYY-MM-DD); weeks run from Monday 00:00 UTC. */
  week: z.iso.date(),
  companies: count,
  users: count,
  offers: count,
  needs: count,
  /** The sum of the ledger's positive entries. */
  credited: z.number().min(0),
  /** The sum of the ledger's negative entries, as a positive number. */
  debited: z.number().min(0),
});
export type WeekTrend = z.infer<typeof weekTrend>;

const roomActivity = z.strictObject({
  _id: idSchema,
  offer_title: z.string(),
  seller_name: z.string().nullable(),
  buyer_name: z.string().nullable(),
  created_at: timestamp,
  last_activity_at: timestamp,
  messages: count,
});
export type RoomActivity = z.infer<typeof roomActivity>;

/** The native overview's figures, all aggregated by the database. */
export const dashboardRecord = z
  .strictObject({
    counts: z.strictObject({ admins: count, users: count, companies: count, offers: count, needs: count, rooms: count }),
    /** The sum of the companies' balances (each one the sum of its ledger). */
    credit_in_circulation: z.number(),
    /** Largest first; `domain` is null for rows without one. */
    offers_by_domain: z.array(z.strictObject({ domain: z.string().nullable(), count })),
    needs_by_domain: z.array(z.strictObject({ domain: z.string().nullable(), count })),
    /** In the catalogue's order (most urgent first), then any other value. */
    needs_by_urgency: z.array(z.strictObject({ emergency: z.string(), count })),
    /** In the catalogue's order, then any other value. */
    needs_by_status: z.array(z.strictObject({ status: z.string(), count })),
    /** The last TREND_WEEKS weeks, oldest first, empty weeks included (all zero). */
    weeks: z.array(weekTrend).length(TREND_WEEKS),
    latest_rooms: z.array(roomActivity).max(LATEST_ROOMS),
  })
  .meta({ id: 'Dashboard' });
export type Dashboard = z.infer<typeof dashboardRecord>;

export const dashboardAnswer = dataAnswer(dashboardRecord);
