import { permit } from '../lib/permissions';
import { desc, eq } from 'drizzle-orm';
import { categoryImages } from '../db/schema';
import { answer, serialised } from '../lib/answers';
import { isoTimestampText } from '../lib/sqlText';
import { StampedAnswers } from '../lib/stampedAnswers';
import {
  categoryImageAnswer,
  categoryImageCreateBody,
  categoryImageDeleted,
  categoryImageList,
  categoryImageSearchBody,
  type CategoryImage,
} from '../../shared/contract/categoryImages';
import { defineEntity } from './entity';

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

/** The Bank: category images per activity domain, listed whole (no pages), added and deleted one at a time. */
export default defineEntity({
  name: 'category_image',
  tag: 'Category images',
  description: 'The images of the activity domains.',
  table: categoryImages,
  fields: imageFields,
  toRecord: (row): CategoryImage => row,
  contract: { answer: categoryImageAnswer, deleted: categoryImageDeleted },
  create: {
    body: categoryImageCreateBody,
    example: { activity_domain: 'Mobilier', image_url: 'https://x.example/c.png' },
    summary: 'Add a category image',
    values: ({ activity_domain, image_url }) => ({ activityDomain: activity_domain, imageUrl: image_url }),
  },
  read: false,
  remove: { bulk: false },
  routes: (app, { tags }) => {
    const lists = new StampedAnswers('category_images', ANSWERS_KEPT);
    app.post(
      '/category_image/search',
      {
        ...permit('category_image', 'list'),
        schema: {
          tags,
          summary: 'List the category images, of one activity domain or of all',
          body: categoryImageSearchBody,
          response: { 200: categoryImageList },
        },
      },
      async (request, reply) => {
        const { activity_domain } = request.body;
        const list = await lists.body(app.db, activity_domain ?? '', async () => {
          const rows = await app.db
            .select(imageFields)
            .from(categoryImages)
            .where(activity_domain ? eq(categoryImages.activityDomain, activity_domain) : undefined)
            .orderBy(desc(categoryImages.createdAt), desc(categoryImages.id));
          return serialised(answer(rows));
        });
        return reply.sendSerialised(list);
      },
    );
  },
});
