import { UPLOADS_PATH } from '../../shared/catalogue/uploads';
import type { FileStore } from '../lib/fileStore';

const palette = ['#1976d2', '#9c27b0', '#2e7d32', '#ed6c02', '#d32f2f', '#00838f', '#5d4037', '#455a64'];

/** Answers their public URLs; the same names always hold the same pictures. */
export async function writeDemoPictures(store: FileStore, folder: string, publicBase: string, prefix: string, count = 8): Promise<string[]> {
  const urls: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const color = palette[index % palette.length];
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="${color}"/><circle cx="32" cy="32" r="${12 + index * 2}" fill="none" stroke="#fff" stroke-width="5"/></svg>`;
    const path = `${folder}/${prefix}-${index + 1}.svg`;
    // A picture already there (an earlier seed that stopped half-way) is the same picture.
    await store.save(path, Buffer.from(svg), 'image/svg+xml');
    urls.push(`${publicBase}${UPLOADS_PATH}${path}`);
  }
  return urls;
}
