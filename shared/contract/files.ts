import { z } from 'zod';
import { logoFolder } from '../catalogue/product';
import { dataAnswer } from './envelope';

export const MAX_FILES_PER_CALL = 10;

/** Folders a file may go to: company logos (named after the product), category images, offer images. */
export const uploadFolders = (product?: string) => [logoFolder(product), '/category_images', '/offers'];

/** Files as data URLs, and their folder: the route checks the folder (the product's) and each file's type (from its bytes) and size. */
export const uploadBody = z.object({
  files: z
    .array(z.object({ rawBody: z.string().min(1), name: z.string().max(255).default('file') }))
    .min(1)
    .max(MAX_FILES_PER_CALL),
  /** The logos' folder is named after the configured product: the route checks the name, the document lists this server's. */
  folder: z
    .string()
    .regex(/^\/[a-z][a-z0-9_]*$/, 'not an upload folder')
    .meta({ enum: uploadFolders() }),
});

export const uploadAnswer = dataAnswer(z.array(z.string()));
