import { z } from 'zod';
import { categoryImageFields } from '../entities/categoryImages';
import { dataAnswer } from './envelope';
import { contractOf } from './fromFields';
import { activityDomainSchema } from './primitives';

/** Derived from the declaration (shared/entities/categoryImages.ts); the domain is the catalogue's own check. Its create body, answer and deletion serve the standard routes. */
export const categoryImageContract = contractOf(categoryImageFields, { inputs: { activity_domain: activityDomainSchema } });

export const categoryImageRecord = categoryImageContract.record;
export type CategoryImage = z.infer<typeof categoryImageRecord>;

/** The declared filters alone (no domain means the images of every domain): the Bank is listed whole, unsorted by the client and without pages. */
export const categoryImageSearchBody = (categoryImageContract.searchBody as unknown as z.ZodObject).omit({
  sort: true,
  offset: true,
  limit: true,
}) as unknown as z.ZodType<{
  activity_domain?: string;
}>;

/** Every matching image at once, newest first: the list is short, so it has no pages and no total. */
export const categoryImageList = dataAnswer(z.array(categoryImageRecord));
