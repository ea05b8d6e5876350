import { permit } from '../lib/permissions';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { UPLOADS_PATH } from '../../shared/catalogue/uploads';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordAudit } from '../lib/audit';
import { AppError } from '../lib/errors';
import type { FileStore } from '../lib/fileStore';
import { detectFileType, type AllowedFileType } from '../lib/fileTypes';
import { ValidationError } from '../lib/validation';
import { answer } from '../lib/answers';
import { MAX_FILES_PER_CALL, uploadAnswer, uploadBody, uploadFolders } from '../../shared/contract/files';

/** Cannot climb out of its folder nor be guessed: a slug of the original, plus randomness. */
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

/** A name already taken (48 random bits: practically never) is drawn again. */
async function saveUnderFreshName(store: FileStore, folder: string, original: string, type: AllowedFileType, bytes: Buffer): Promise<string> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const path = `${folder}/${safeFileName(original, type.extension)}`;
    if (await store.save(path, bytes, type.mime)) return path;
  }
  throw new Error(`no free file name in ${folder}`);
}

function decodeDataUrl(rawBody: string, field: string): Buffer {
  const match = /^data:[\w.+/-]*(?:;[\w=.+-]+)*;base64,([A-Za-z0-9+/=\s]+)$/.exec(rawBody);
  if (!match?.[1]) throw new ValidationError({ [field]: 'not a base64 data URL' });
  return Buffer.from(match[1], 'base64');
}

/** Data-URL uploads, checked (type from the bytes, size, folder), stored, and answered as URLs. */
export async function fileRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, files: store } = app;
  const tags = ['Files'];
  const folders = uploadFolders(config.product);
  // Base64 inflates by 4/3; leave room for the JSON around it.
  const bodyLimit = Math.ceil(config.uploadMaxBytes * MAX_FILES_PER_CALL * 1.4) + 64 * 1024;

  app.post(
    '/file',
    {
      ...permit('file', 'create'),
      bodyLimit,
      schema: { tags, summary: 'Upload files as data URLs to one of the upload folders', body: uploadBody, response: { 200: uploadAnswer } },
    },
    async (request) => {
      const { files, folder } = request.body;
      if (!folders.includes(folder)) throw new ValidationError({ folder: `one of ${folders.join(', ')}` });
      const decoded = files.map((file, index) => {
        const bytes = decodeDataUrl(file.rawBody, `files.${index}.rawBody`);
        if (bytes.length === 0) throw new ValidationError({ [`files.${index}.rawBody`]: 'empty file' });
        if (bytes.length > config.uploadMaxBytes) throw new AppError(413, 'PAYLOAD_TOO_LARGE');
        const type = detectFileType(bytes);
        if (!type) throw new AppError(415, 'UNSUPPORTED_FILE_TYPE');
        return { bytes, type, original: file.name };
      });
      const urls: string[] = [];
      for (const file of decoded) {
        const path = await saveUnderFreshName(store, folder, file.original, file.type, file.bytes);
        urls.push(`${config.consoleUrl}${UPLOADS_PATH}${path}`);
      }
      await recordAudit(app.db, request, { action: 'upload', entity: 'file', changes: { files: [null, urls] } });
      return answer(urls);
    },
  );
}
