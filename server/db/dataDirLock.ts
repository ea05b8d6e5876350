import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/** Refusal to open a PGlite folder that another live process holds. */
export class DataDirLockedError extends Error {}

const LOCK_FILE = 'admin-platform.lock';

function holderIsAlive(holder: { pid: number; host: string }): boolean {
  // On another machine (a shared volume) nothing can be checked: the lock is taken as held.
  if (holder.host !== hostname()) return true;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(path: string): { pid: number; host: string } | undefined {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as { pid?: unknown; host?: unknown };
    return typeof parsed.pid === 'number' && typeof parsed.host === 'string' ? { pid: parsed.pid, host: parsed.host } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * PGlite is one process's database: a second process on the same folder would see none of the first
 * one's writes and overwrite them. So a process takes the folder with a lock file naming itself
 * (created exclusively, so two starting together cannot both win), and a lock left by a process
 * that has died is taken over. Returns the release function.
 */
export function lockDataDir(directory: string): () => void {
  const path = join(directory, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const descriptor = openSync(path, 'wx');
      writeSync(descriptor, JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() }));
      closeSync(descriptor);
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(path);
      if (holder && holderIsAlive(holder)) {
        throw new DataDirLockedError(
          `The database folder ${directory} is in use by another process (pid ${holder.pid} on ${holder.host}). ` +
            'Stop that server first, or give this one another DATA_DIR (or a DATABASE_URL, which several servers can share).',
        );
      }
      rmSync(path, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the database folder ${directory}: another process keeps taking it.`);
}
