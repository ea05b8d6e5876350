import { z } from 'zod';
import { dataAnswer } from './envelope';

export const MAX_FILES_PER_CALL = 10;

/**
 * Files as data URLs (`data:<type>;base64,<bytes>`), and the folder they go to. The folder must be
 * one of the product's upload folders, and each file's type is read from its bytes: both are
 * checked by the route, which knows the product and the size limit.
 */
export const uploadBody = z.object({
  files: z
    .array(z.object({ rawBody: z.string().min(1), name: z.string().max(255).default('file') }))
    .min(1)
    .max(MAX_FILES_PER_CALL),
  folder: z.string(),
});

/** The stored files' public URLs, in the order sent. */
export const uploadAnswer = dataAnswer(z.array(z.string()));
