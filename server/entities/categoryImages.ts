import { permit } from '../lib/permissions';
import { desc, eq } from 'drizzle-orm';
import { categoryImages } from '../db/schema';
import { answer, serialised } from '../lib/answers';
import { fieldColumn } from '../lib/recordFromFields';
import { isoTimestampText } from '../lib/sqlText';
import { StampedAnswers } from '../lib/stampedAnswers';
import { categoryImageContract, categoryImageList, categoryImageSearchBody } from '../../shared/contract/categoryImages';
import { categoryImageFields } from '../../shared/entities/categoryImages';
import { entityOf } from './fromFields';

/**
 * An image as the read answers it, selected so that the list's rows are ready for JSON: each declared field's column,
 * the creation time written by the database (to the millisecond, as the read's), the version.
 */
const listedFields = {
  _id: categoryImages.id,
  ...Object.fromEntries(Object.keys(categoryImageFields.fields).map((name) => [name, fieldColumn(categoryImages, name)])),
  created_at: isoTimestampText(categoryImages.createdAt),
  version: categoryImages.version,
};

/**
 * The lists by domain ('' for all), kept between changes of the bank: it is read whole (10 000 images cost ~60 ms
 * to read and serialise, see docs/benchmarks.md) and changes rarely. 32 keys hold 'all' and every catalogue domain.
 */
const ANSWERS_KEPT = 32;

/**
 * The Bank (shared/entities/categoryImages.ts): images added and deleted one at a time, listed whole by a search of its
 * own (no pages, no sort, no export); never edited nor read alone.
 */
export default entityOf(categoryImageFields, categoryImageContract, {
  table: categoryImages,
  description: 'The images of the activity domains.',
  more: {
    search: false,
    update: false,
    read: false,
    create: {
      // A domain of the catalogue: the rules alone would send the field's label.
      example: { activity_domain: 'Mobilier', image_url: 'https://x.example/c.png' },
      summary: 'Add a category image',
    },
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
              .select(listedFields)
              .from(categoryImages)
              .where(activity_domain ? eq(categoryImages.activityDomain, activity_domain) : undefined)
              // The declaration's order (newest first), by id at equal times.
              .orderBy(desc(categoryImages.createdAt), desc(categoryImages.id));
            return serialised(answer(rows));
          });
          return reply.sendSerialised(list);
        },
      );
    },
  },
});
