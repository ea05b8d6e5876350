import { z } from 'zod';
import { PRESENCE_RESOURCES } from '../catalogue/presence';
import { idSchema } from './primitives';

/** Drawn by the console when the page loads. */
export const tabIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'not a tab id');

const resourceSchema = z.enum(PRESENCE_RESOURCES);

/** `POST /presence`: this tab has the record's page open. */
export const presenceBody = z.object({ resource: resourceSchema, id: idSchema, tab_id: tabIdSchema });
/** `DELETE /presence/{resource}/{id}/{tab_id}`: this tab left the record's page. */
export const presenceLeaveParams = z.object({ resource: resourceSchema, id: idSchema, tab_id: tabIdSchema });
/** `GET /presence/{resource}/{id}/events?tab_id=`: the record's presence and saves; the calling admin's own presence left out. */
export const presenceEventsParams = z.object({ resource: resourceSchema, id: idSchema });
export const presenceEventsQuery = z.object({ tab_id: tabIdSchema });

/** One entry per admin, whatever their number of tabs. */
export const recordViewer = z.strictObject({ admin_id: idSchema, name: z.string() }).meta({ id: 'RecordViewer' });
export type RecordViewer = z.infer<typeof recordViewer>;

/** Seen within the last PRESENCE_WINDOW_MS, in the order they came. */
export const presenceAnswer = z.strictObject({ ok: z.literal(true), viewers: z.array(recordViewer) }).meta({ id: 'PresenceAnswer' });

/** The `data` of a `saved` event: who saved the record (an update, an overwrite, a balance or a comment moved). */
export const recordSavedEvent = z.strictObject({ admin_id: idSchema.nullable(), name: z.string().nullable() }).meta({ id: 'RecordSaved' });
export type RecordSaved = z.infer<typeof recordSavedEvent>;

export const presenceEventStream = z.string().meta({
  id: 'PresenceEventStream',
  description: 'Server-sent events: `event: viewers` with `{viewers: RecordViewer[]}`, `event: saved` with a RecordSaved as `data`.',
});
