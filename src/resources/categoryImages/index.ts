import { messages } from '../../../shared/catalogue/messages';
import { categoryImageFields } from '../../../shared/entities/categoryImages';
import { defineResource } from '../declarations';

/**
 * Category images: the Bank page lists, adds and deletes them (src/custom/bank/, its menu entry and route in
 * ../index.ts), with calls of its own. Declared here so that the console derives no screens from their fields
 * (shared/entities/categoryImages.ts): no list, record page or menu entry of this resource.
 */
export default defineResource({
  name: categoryImageFields.name,
  api: {
    path: `/${categoryImageFields.name}`,
    errors: {
      list: messages.load.imagesFailed,
      one: messages.failure.generic,
      create: messages.failure.createCategoryImage,
      update: messages.failure.generic,
      delete: messages.failure.deleteCategoryImage,
    },
    sortable: false,
    exports: false,
  },
  recordRepresentation: categoryImageFields.recordRepresentation,
});
