import { z } from 'zod';
import { recordVersion } from './versions';
import { dataAnswer, okAnswer } from './envelope';
import { activityDomainSchema, httpUrl, idSchema, timestamp } from './primitives';

export const categoryImageRecord = z
  .strictObject({
    _id: idSchema,
    activity_domain: z.string(),
    image_url: z.string(),
    created_at: timestamp,
    version: recordVersion,
  })
  .meta({ id: 'CategoryImage' });
export type CategoryImage = z.infer<typeof categoryImageRecord>;

/** No domain means the images of every domain. */
export const categoryImageSearchBody = z.object({ activity_domain: z.string().max(200).optional() });
export const categoryImageCreateBody = z.object({ activity_domain: activityDomainSchema, image_url: httpUrl });

/** Every matching image at once, newest first: the list is short, so it has no pages and no total. */
export const categoryImageList = dataAnswer(z.array(categoryImageRecord));
export const categoryImageAnswer = dataAnswer(categoryImageRecord);
export const categoryImageDeleted = okAnswer;
