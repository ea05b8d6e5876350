import { linkSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { join } from 'node:path';

export class DataDirLockedError extends Error {}

export const LOCK_FILE = 'admin-platform.lock';
/** An unreadable lock file is taken for one being written, until it is this old. */
const UNREADABLE_GRACE_MS = 5_000;
/** A second opener in the same process is refused like another process. */
const heldHere = new Set<string>();

interface Holder {
  pid: number;
  host: string;
}

function readHolder(path: string): Holder | undefined {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as { pid?: unknown; host?: unknown };
    return typeof parsed.pid === 'number' && typeof parsed.host === 'string' ? { pid: parsed.pid, host: parsed.host } : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(holder: Holder, path: string): boolean {
  // On another machine (a shared volume) nothing can be checked: the lock is taken as held.
  if (holder.host !== hostname()) return true;
  // Our own pid in a lock we do not hold: a previous run of a restarted container, now gone.
  if (holder.pid === process.pid) return heldHere.has(path);
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isStale(path: string): boolean {
  const holder = readHolder(path);
  if (holder) return !isAlive(holder, path);
  try {
    return Date.now() - statSync(path).mtimeMs > UNREADABLE_GRACE_MS;
  } catch {
    return true;
  }
}

/**
 * A second process on a PGlite folder would see none of the first's writes and overwrite them. The lock file is written
 * aside and linked into place: never half-written, and a link cannot replace an existing lock. A dead process's lock is
 * renamed aside (only one taker can) and taken over. Returns the release function.
 */
export function lockDataDir(directory: string): () => void {
  const path = join(directory, LOCK_FILE);
  const draft = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() }));
  try {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      try {
        linkSync(draft, path);
        heldHere.add(path);
        return () => {
          heldHere.delete(path);
          rmSync(path, { force: true });
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      if (!isStale(path)) {
        const holder = readHolder(path);
        throw new DataDirLockedError(
          `The database folder ${directory} is in use by another process${holder ? ` (pid ${holder.pid} on ${holder.host})` : ''}. ` +
            'Stop that server first, or give this one another DATA_DIR (or a DATABASE_URL, which several servers can share).',
        );
      }
      const aside = `${path}.stale.${randomBytes(4).toString('hex')}`;
      try {
        renameSync(path, aside);
      } catch {
        continue; // Another starter moved it first: try again from the top.
      }
      // What was moved may be a fresh lock another starter linked meanwhile: then it goes back, and it wins.
      const moved = readHolder(aside);
      if (moved && isAlive(moved, path)) {
        try {
          linkSync(aside, path);
        } finally {
          rmSync(aside, { force: true });
        }
        continue;
      }
      rmSync(aside, { force: true });
    }
    throw new DataDirLockedError(`Could not lock the database folder ${directory}: other processes keep taking it.`);
  } finally {
    rmSync(draft, { force: true });
  }
}
