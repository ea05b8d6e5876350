import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { categoryImages } from '../db/schema';
import { changedFields, recordAudit } from '../lib/audit';
import { notFound } from '../lib/errors';
import { expectedVersion, refuseStale } from '../lib/versions';
import { newId } from '../lib/ids';
import { answer, done, serialised } from '../lib/answers';
import { isoTimestampText } from '../lib/sqlText';
import { StampedAnswers } from '../lib/stampedAnswers';
import { idParams } from '../../shared/contract/envelope';
import { versionHeaders } from '../../shared/contract/versions';
import {
  categoryImageAnswer,
  categoryImageCreateBody,
  categoryImageDeleted,
  categoryImageList,
  categoryImageSearchBody,
  type CategoryImage,
} from '../../shared/contract/categoryImages';

/** An image as the API spells it, selected so: the timestamp written by the database, the rows ready for JSON. */
const imageFields = {
  _id: categoryImages.id,
  activity_domain: categoryImages.activityDomain,
  image_url: categoryImages.imageUrl,
  created_at: isoTimestampText(categoryImages.createdAt),
  version: categoryImages.version,
} satisfies Record<keyof CategoryImage, unknown>;

/**
 * The lists by domain ('' for all), kept between changes of the bank: it is read whole (10 000 images cost ~60 ms
 * to read and serialise, see docs/benchmarks.md) and changes rarely. 32 keys hold 'all' and every catalogue domain.
 */
const ANSWERS_KEPT = 32;

/** The Bank: category images per activity domain; no domain means all ('Tous'). */
export async function categoryImageRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const tags = ['Category images'];
  const lists = new StampedAnswers('category_images', ANSWERS_KEPT);

  app.post(
    '/category_image/search',
    {
      schema: {
        tags,
        summary: 'List the category images, of one activity domain or of all',
        body: categoryImageSearchBody,
        response: { 200: categoryImageList },
      },
    },
    async (request, reply) => {
      const { activity_domain } = request.body;
      const list = await lists.body(db, activity_domain ?? '', async () => {
        const rows = await db
          .select(imageFields)
          .from(categoryImages)
          .where(activity_domain ? eq(categoryImages.activityDomain, activity_domain) : undefined)
          .orderBy(desc(categoryImages.createdAt), desc(categoryImages.id));
        return serialised(answer(rows));
      });
      return reply.sendSerialised(list);
    },
  );

  app.post(
    '/category_image',
    { schema: { tags, summary: 'Add a category image', body: categoryImageCreateBody, response: { 200: categoryImageAnswer } } },
    async (request) => {
      const { activity_domain, image_url } = request.body;
      const image = await db.transaction(async (tx) => {
        const [image] = await tx.insert(categoryImages).values({ id: newId(), activityDomain: activity_domain, imageUrl: image_url }).returning(imageFields);
        if (!image) throw new Error('insert returned no row');
        await recordAudit(tx, request, { action: 'create', entity: 'category_image', entityId: image._id, changes: changedFields(null, image) });
        return image;
      });
      return answer(image);
    },
  );

  app.delete(
    '/category_image/:id',
    { schema: { tags, summary: 'Delete a category image', params: idParams, headers: versionHeaders, response: { 200: categoryImageDeleted } } },
    async (request) => {
      const { id } = request.params;
      const expected = expectedVersion(request);
      await db.transaction(async (tx) => {
        if (expected !== undefined) {
          // Locked, so that the version checked is the one deleted.
          const [current] = await tx.select(imageFields).from(categoryImages).where(eq(categoryImages.id, id)).for('update');
          if (!current) throw notFound();
          await refuseStale(current.version, expected, async () => current);
        }
        const [deleted] = await tx.delete(categoryImages).where(eq(categoryImages.id, id)).returning(imageFields);
        if (!deleted) throw notFound();
        await recordAudit(tx, request, { action: 'delete', entity: 'category_image', entityId: id, changes: changedFields(deleted, null) });
      });
      return done();
    },
  );
}
