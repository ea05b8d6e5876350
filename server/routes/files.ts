import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { logoFolder } from '../../shared/catalogue/product';
import { recordAudit } from '../lib/audit';
import { AppError } from '../lib/errors';
import { detectFileType } from '../lib/fileTypes';
import { parseInput, ValidationError } from '../lib/validation';

export const UPLOADS_PATH = '/uploads';
const MAX_FILES_PER_CALL = 10;

/** Folders a file may go to (spec §7): company logos, category images, offer images. */
export const uploadFolders = (product: string) => [logoFolder(product), '/category_images', '/offers'];

const uploadBody = z.object({
  files: z
    .array(z.object({ rawBody: z.string().min(1), name: z.string().max(255).default('file') }))
    .min(1)
    .max(MAX_FILES_PER_CALL),
  folder: z.string(),
});

/** A name that cannot climb out of its folder nor be guessed: a slug of the original, plus randomness. */
export function safeFileName(original: string, extension: string): string {
  const stem = original
    .replace(/\.[^.]*$/, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\w-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 40);
  return `${stem || 'file'}-${randomBytes(6).toString('hex')}.${extension}`;
}

function decodeDataUrl(rawBody: string, field: string): Buffer {
  const match = /^data:[\w.+/-]*(?:;[\w=.+-]+)*;base64,([A-Za-z0-9+/=\s]+)$/.exec(rawBody);
  if (!match?.[1]) throw new ValidationError({ [field]: 'not a base64 data URL' });
  return Buffer.from(match[1], 'base64');
}

/** POST /file: data-URL uploads, checked (type from the bytes, size, folder), stored, and given back as URLs. */
export async function fileRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app;
  const folders = uploadFolders(config.product);
  const root = resolve(config.uploadDir);
  // Base64 inflates by 4/3; leave room for the JSON around it.
  const bodyLimit = Math.ceil(config.uploadMaxBytes * MAX_FILES_PER_CALL * 1.4) + 64 * 1024;

  app.post('/file', { bodyLimit }, async (request) => {
    const { files, folder } = parseInput(uploadBody, request.body);
    if (!folders.includes(folder)) throw new ValidationError({ folder: `one of ${folders.join(', ')}` });
    const decoded = files.map((file, index) => {
      const bytes = decodeDataUrl(file.rawBody, `files.${index}.rawBody`);
      if (bytes.length === 0) throw new ValidationError({ [`files.${index}.rawBody`]: 'empty file' });
      if (bytes.length > config.uploadMaxBytes) throw new AppError(413, 'PAYLOAD_TOO_LARGE');
      const type = detectFileType(bytes);
      if (!type) throw new AppError(415, 'UNSUPPORTED_FILE_TYPE');
      return { bytes, name: safeFileName(file.name, type.extension) };
    });
    const directory = join(root, folder);
    await mkdir(directory, { recursive: true });
    const urls: string[] = [];
    for (const file of decoded) {
      await writeFile(join(directory, file.name), file.bytes, { flag: 'wx' });
      urls.push(`${config.consoleUrl}${UPLOADS_PATH}${folder}/${file.name}`);
    }
    await recordAudit(app.db, request, { action: 'upload', entity: 'file', changes: { files: [null, urls] } });
    return { ok: true, data: urls };
  });
}
