import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const palette = ['#1976d2', '#9c27b0', '#2e7d32', '#ed6c02', '#d32f2f', '#00838f', '#5d4037', '#455a64'];

/** Writes a few simple SVG pictures into an upload folder and answers their public URLs. */
export async function writeDemoPictures(uploadDir: string, folder: string, publicBase: string, prefix: string, count = 8): Promise<string[]> {
  const directory = join(uploadDir, folder);
  await mkdir(directory, { recursive: true });
  const urls: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const color = palette[index % palette.length];
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="${color}"/><circle cx="32" cy="32" r="${12 + index * 2}" fill="none" stroke="#fff" stroke-width="5"/></svg>`;
    const name = `${prefix}-${index + 1}.svg`;
    await writeFile(join(directory, name), svg);
    urls.push(`${publicBase}/uploads${folder}/${name}`);
  }
  return urls;
}
