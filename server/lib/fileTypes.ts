import type { UploadMimeType } from '../../shared/catalogue/uploads';

/** Told from the bytes, never from the name or the declared type (the console checks the catalogue's types first). */
export type AllowedFileType = { extension: 'png' | 'jpg' | 'gif' | 'webp' | 'svg' | 'pdf'; mime: UploadMimeType };

const startsWith = (bytes: Buffer, signature: number[], offset = 0) => signature.every((byte, index) => bytes[offset + index] === byte);
const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));

export function detectFileType(bytes: Buffer): AllowedFileType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { extension: 'png', mime: 'image/png' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { extension: 'jpg', mime: 'image/jpeg' };
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return { extension: 'gif', mime: 'image/gif' };
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return { extension: 'webp', mime: 'image/webp' };
  if (startsWith(bytes, ascii('%PDF-'))) return { extension: 'pdf', mime: 'application/pdf' };
  if (isSvg(bytes)) return { extension: 'svg', mime: 'image/svg+xml' };
  return undefined;
}

function isSvg(bytes: Buffer): boolean {
  const head = bytes
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  const withoutProlog = head
    .replace(/^<\?xml[^>]*\?>\s*/, '')
    .replace(/^<!--[\s\S]*?-->\s*/, '')
    .replace(/^<!DOCTYPE[^>]*>\s*/i, '');
  return /^<svg[\s>]/i.test(withoutProlog);
}
