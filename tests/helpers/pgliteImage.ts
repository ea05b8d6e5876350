import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite database as a tarball file, written once per server test run. */
    pgliteImagePath: string;
  }
}

/**
 * Vitest global setup of the server tests: migrates one in-memory PGlite, dumps it, and hands the file to
 * every test file, whose databases start from it instead of running every migration again.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) return undefined;
  const database = await openDatabase({ dataDir: ':memory:' });
  const path = join(tmpdir(), `ap-pglite-image-${randomBytes(6).toString('hex')}.tar`);
  try {
    const image = await database.dumpImage?.();
    if (!image) return undefined;
    await writeFile(path, Buffer.from(await image.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('pgliteImagePath', path);
  return () => rm(path, { force: true });
}

let image: Promise<Blob | undefined> | undefined;

/** The migrated database's image for this worker (read once), or undefined on PostgreSQL or outside the setup. */
export function pgliteImage(): Promise<Blob | undefined> {
  image ??= (async () => {
    const path = inject('pgliteImagePath');
    return path ? new Blob([await readFile(path)]) : undefined;
  })();
  return image;
}
