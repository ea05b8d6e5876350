import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { categoryImages } from '../db/schema';
import { changedFields, recordAudit } from '../lib/audit';
import { notFound } from '../lib/errors';
import { newId } from '../lib/ids';
import { parseInput } from '../lib/validation';
import { activityDomainSchema, httpUrl, idSchema } from '../../shared/contract/primitives';

const searchBody = z.object({ activity_domain: z.string().max(200).optional() });
const createBody = z.object({ activity_domain: activityDomainSchema, image_url: httpUrl });
const idParams = z.object({ id: idSchema });

const toDto = (row: typeof categoryImages.$inferSelect) => ({
  _id: row.id,
  activity_domain: row.activityDomain,
  image_url: row.imageUrl,
  created_at: row.createdAt.toISOString(),
});

/** The Bank (spec §7): category images per activity domain; no domain means all ('Tous'). */
export async function categoryImageRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  app.post('/category_image/search', async (request) => {
    const { activity_domain } = parseInput(searchBody, request.body);
    const rows = await db
      .select()
      .from(categoryImages)
      .where(activity_domain ? and(eq(categoryImages.activityDomain, activity_domain)) : undefined)
      .orderBy(desc(categoryImages.createdAt), desc(categoryImages.id));
    return { ok: true, data: rows.map(toDto) };
  });

  app.post('/category_image', async (request) => {
    const { activity_domain, image_url } = parseInput(createBody, request.body);
    const row = await db.transaction(async (tx) => {
      const [row] = await tx.insert(categoryImages).values({ id: newId(), activityDomain: activity_domain, imageUrl: image_url }).returning();
      if (!row) throw new Error('insert returned no row');
      await recordAudit(tx, request, { action: 'create', entity: 'category_image', entityId: row.id, changes: changedFields(null, toDto(row)) });
      return row;
    });
    return { ok: true, data: toDto(row) };
  });

  app.delete('/category_image/:id', async (request) => {
    const { id } = parseInput(idParams, request.params);
    await db.transaction(async (tx) => {
      const [deleted] = await tx.delete(categoryImages).where(eq(categoryImages.id, id)).returning();
      if (!deleted) throw notFound();
      await recordAudit(tx, request, { action: 'delete', entity: 'category_image', entityId: id, changes: changedFields(toDto(deleted), null) });
    });
    return { ok: true };
  });
}
