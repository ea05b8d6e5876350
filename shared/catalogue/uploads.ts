/** The most bytes one uploaded file may have unless the deployment sets another cap: 5 MiB. */
export const DEFAULT_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/** The file types an upload may be (images and pdf): MIME type, usual name endings, name shown to people. */
export const UPLOAD_FILE_TYPES = [
  { mime: 'image/png', extensions: ['png'], label: 'PNG' },
  { mime: 'image/jpeg', extensions: ['jpg', 'jpeg'], label: 'JPEG' },
  { mime: 'image/gif', extensions: ['gif'], label: 'GIF' },
  { mime: 'image/webp', extensions: ['webp'], label: 'WebP' },
  { mime: 'image/svg+xml', extensions: ['svg'], label: 'SVG' },
  { mime: 'application/pdf', extensions: ['pdf'], label: 'PDF' },
] as const satisfies ReadonlyArray<{ mime: string; extensions: readonly string[]; label: string }>;

export type UploadMimeType = (typeof UPLOAD_FILE_TYPES)[number]['mime'];

export const UPLOAD_MIME_TYPES: readonly UploadMimeType[] = UPLOAD_FILE_TYPES.map((type) => type.mime);

/** Where uploaded files are served, under the console's origin. */
export const UPLOADS_PATH = '/uploads';
