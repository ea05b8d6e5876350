import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from './dataDirLock';

/** A backup or restore not done; the message is for the operator. */
export class BackupRefused extends Error {}

/** As in server/db/client.ts. */
const pgliteDirOf = (dataDir: string): string => join(dataDir, 'pglite');
const EXTENSIONS = { pg_trgm };
/** A backup is PGlite's `dumpDataDir('gzip')`. */
const GZIP_MAGIC = [0x1f, 0x8b];

/** A running server's lock is a refusal: a copy taken under it could be torn. */
function lockOrRefuse(directory: string, dataDir: string, what: string): () => void {
  try {
    return lockDataDir(directory);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    throw new BackupRefused(
      `Refused: a server is running on DATA_DIR=${dataDir} (${error.message}) ` +
        `Stop it, ${what}, then start it again: a copy taken while it writes could be inconsistent.`,
    );
  }
}

function refuseInMemory(dataDir: string): void {
  if (dataDir === ':memory:') throw new BackupRefused('Refused: DATA_DIR is :memory:, a database that lives in the server process only.');
}

/** Consistent because no server may run meanwhile (its lock is taken); written aside then renamed, never half-written. */
export async function backupDataDir(dataDir: string, file: string): Promise<{ bytes: number }> {
  refuseInMemory(dataDir);
  const directory = pgliteDirOf(dataDir);
  if (!existsSync(join(directory, 'PG_VERSION'))) throw new BackupRefused(`Refused: there is no database in ${resolve(directory)} (DATA_DIR=${dataDir}).`);
  const unlock = lockOrRefuse(directory, dataDir, 'back it up');
  try {
    const database = new PGlite(directory, { extensions: EXTENSIONS });
    let image: Blob;
    try {
      await database.waitReady;
      image = await database.dumpDataDir('gzip');
    } finally {
      await database.close();
    }
    const bytes = Buffer.from(await image.arrayBuffer());
    mkdirSync(dirname(resolve(file)), { recursive: true });
    const partial = `${file}.partial`;
    writeFileSync(partial, bytes);
    renameSync(partial, file);
    return { bytes: bytes.length };
  } finally {
    unlock();
  }
}

/** Refuses anything but a backup of this server's database. */
async function readBackup(file: string): Promise<Blob> {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    throw new BackupRefused(`Refused: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)}).`);
  }
  const notBackup = new BackupRefused(`Refused: ${file} is not a backup made by npm run backup (nothing was changed).`);
  if (GZIP_MAGIC.some((byte, index) => bytes[index] !== byte)) throw notBackup;
  const image = new Blob([new Uint8Array(bytes)]);
  // Opened in memory first: anything else, or a database without this server's migrations, is refused here.
  let probe: PGlite | undefined;
  try {
    probe = new PGlite({ extensions: EXTENSIONS, loadDataDir: image });
    const applied = await probe.query<{ count: number }>('SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations');
    if (!applied.rows[0]?.count) throw notBackup;
  } catch {
    throw notBackup;
  } finally {
    await probe?.close().catch(() => undefined);
  }
  return image;
}

/**
 * The backup is checked and unpacked beside the database first; only then is the database moved aside (kept:
 * `previous`). The server migrates a backup of an older version when it starts.
 */
export async function restoreDataDir(file: string, dataDir: string): Promise<{ previous?: string }> {
  refuseInMemory(dataDir);
  const image = await readBackup(file);
  const directory = pgliteDirOf(dataDir);
  mkdirSync(directory, { recursive: true });
  const unlock = lockOrRefuse(directory, dataDir, 'restore');
  const staging = `${directory}.restoring`;
  try {
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging);
    const restored = new PGlite(staging, { extensions: EXTENSIONS, loadDataDir: image });
    await restored.waitReady;
    await restored.close();
    // The lock file inside the backup names the process that made it, not a server.
    rmSync(join(staging, LOCK_FILE), { force: true });
    const hadDatabase = existsSync(join(directory, 'PG_VERSION'));
    const previous = hadDatabase ? `${directory}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}` : undefined;
    if (previous) {
      renameSync(directory, previous);
      rmSync(join(previous, LOCK_FILE), { force: true });
    } else {
      rmSync(directory, { recursive: true, force: true });
    }
    renameSync(staging, directory);
    return previous ? { previous } : {};
  } finally {
    rmSync(staging, { recursive: true, force: true });
    unlock();
  }
}

/** The printed commands never show the password. */
function shellUrl(databaseUrl: string): { quoted: string; hadPassword: boolean } {
  const url = new URL(databaseUrl);
  const hadPassword = url.password !== '';
  url.password = '';
  return { quoted: `'${url.toString().replaceAll("'", `'\\''`)}'`, hadPassword };
}

const quoted = (text: string): string => `'${text.replaceAll("'", `'\\''`)}'`;

/** With DATABASE_URL: PostgreSQL's own tools. */
export function postgresCommand(kind: 'backup' | 'restore', databaseUrl: string, file: string): string {
  const { quoted: url, hadPassword } = shellUrl(databaseUrl);
  const command =
    kind === 'backup'
      ? `pg_dump --format=custom --file=${quoted(file)} --dbname=${url}`
      : `pg_restore --clean --if-exists --no-owner --dbname=${url} ${quoted(file)}`;
  const password = hadPassword ? '\n(the password is left out of the URL: give it through PGPASSWORD or ~/.pgpass)' : '';
  const restoreNote = kind === 'restore' ? '\n(stop every server on that database first)' : '';
  return `DATABASE_URL is set: npm run ${kind} handles the embedded database only. With PostgreSQL run:\n  ${command}${password}${restoreNote}`;
}
