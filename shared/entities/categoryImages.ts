import { defineFields } from './fields';

/**
 * The Bank: a picture per activity domain, added (its file uploaded first, to `/category_images`) and deleted, never
 * edited. Its table (server/db/schema.ts, migration 0003) and its screen (src/custom/bank/, at `/bank`) are written by
 * hand; its contract and its routes are derived from these fields.
 */
export const categoryImageFields = defineFields({
  name: 'category_image',
  label: 'Category image',
  plural: 'Category images',
  recordRepresentation: 'activity_domain',
  // Newest first, by id at equal times: the Bank lists the whole bank in this order.
  defaultSort: { field: 'created_at', order: 'DESC' },
  fields: {
    /** One of the catalogue's domains (its check is the contract's); the Bank's one filter. */
    activity_domain: { type: 'text', label: 'Activity domain', required: true, list: true, filter: true, write: 'createOnly' },
    /** The uploaded picture's address. */
    image_url: { type: 'url', label: 'Image', required: true, list: true, write: 'createOnly' },
  },
});
