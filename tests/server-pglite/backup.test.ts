import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { backupDataDir, BackupRefused, postgresCommand, restoreDataDir } from '../../server/db/backup';
import { openDatabase } from '../../server/db/client';
import { admins, users } from '../../server/db/schema';
import { tableFingerprinter, type Fingerprint } from '../helpers/dbFingerprint';
import { pgliteImage } from '../helpers/pgliteImage';
import { insertCompany, insertRoom, insertUser } from '../helpers/serverFixtures';
import { appOnDataDir, insertAdmin } from '../helpers/testServer';

const dataDir = mkdtempSync(join(tmpdir(), 'ap-backup-data-'));
const elsewhere = mkdtempSync(join(tmpdir(), 'ap-backups-'));
const backupFile = join(elsewhere, 'admin.tar.gz');
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(elsewhere, { recursive: true, force: true });
});

let started = false;
/** The app on the database of `dataDir` (the first time from the migrated image); closed after `work`. */
async function onDataDir<T>(work: (app: FastifyInstance) => Promise<T>): Promise<T> {
  const image = started ? undefined : await pgliteImage();
  started = true;
  return appOnDataDir(dataDir, work, image);
}

const fingerprintOf = (app: FastifyInstance): Promise<Fingerprint> => tableFingerprinter(app.db).then(({ fingerprint }) => fingerprint());

/** `npm run <script> -- <file>` as an operator runs it: its exit code and output. */
function runScript(script: 'backup' | 'restore', file: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script, '--', file], { env: { ...inherited, NODE_ENV: 'test', ...env } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('backup and restore of the embedded database', () => {
  let backedUp: Fingerprint;

  it('backs up, and a restore after changes brings every table back as it was', async () => {
    backedUp = await onDataDir(async (app) => {
      await insertAdmin(app, { name: 'Kept Admin' });
      await insertUser(app);
      await insertRoom(app);
      return fingerprintOf(app);
    });
    expect(Object.keys(backedUp).length).toBeGreaterThan(10);

    const { code, output } = await runScript('backup', backupFile, { DATA_DIR: dataDir });
    expect({ code, output }).toMatchObject({ code: 0, output: expect.stringContaining('Backed up') });
    expect(existsSync(`${backupFile}.partial`)).toBe(false);

    const changed = await onDataDir(async (app) => {
      await insertCompany(app, { name: 'Written after the backup' });
      await app.db.delete(users);
      await app.db.update(admins).set({ name: 'Renamed after the backup' }).where(eq(admins.name, 'Kept Admin'));
      return fingerprintOf(app);
    });
    expect(changed).not.toEqual(backedUp);

    const { previous } = await restoreDataDir(backupFile, dataDir);
    expect(previous && existsSync(join(previous, 'PG_VERSION'))).toBe(true);
    // The backup held the lock file of the process that made it: the restored folder is free for a server.
    expect(existsSync(join(dataDir, 'pglite', 'admin-platform.lock'))).toBe(false);
    expect(await onDataDir(fingerprintOf)).toEqual(backedUp);
  });

  it('refuses both while a server holds the database, and changes nothing', async () => {
    const running = await openDatabase({ dataDir });
    try {
      await expect(backupDataDir(dataDir, join(elsewhere, 'refused.tar.gz'))).rejects.toThrow(/Refused: a server is running on DATA_DIR=.*Stop it, back it up/);
      await expect(restoreDataDir(backupFile, dataDir)).rejects.toThrow(/Refused: a server is running on DATA_DIR=.*Stop it, restore/);
    } finally {
      await running.close();
    }
    expect(existsSync(join(elsewhere, 'refused.tar.gz'))).toBe(false);
    expect(await onDataDir(fingerprintOf)).toEqual(backedUp);
  });

  it('refuses a file that is not a backup, clearly, and changes nothing', async () => {
    const text = join(elsewhere, 'notes.txt');
    writeFileSync(text, 'not a database');
    const otherGzip = join(elsewhere, 'other.tar.gz');
    writeFileSync(otherGzip, gzipSync('a gzip of something else'));
    // A real PGlite database, but not this server's: no migrations in it.
    const foreign = new PGlite();
    await foreign.waitReady;
    const foreignFile = join(elsewhere, 'foreign.tar.gz');
    writeFileSync(foreignFile, Buffer.from(await (await foreign.dumpDataDir('gzip')).arrayBuffer()));
    await foreign.close();
    for (const file of [text, otherGzip, foreignFile]) {
      await expect(restoreDataDir(file, dataDir), file).rejects.toThrow(`Refused: ${file} is not a backup made by npm run backup (nothing was changed).`);
    }
    await expect(restoreDataDir(join(elsewhere, 'missing.tar.gz'), dataDir)).rejects.toThrow(/Refused: cannot read .*missing\.tar\.gz \(ENOENT\)/);
    const { code, output } = await runScript('restore', text, { DATA_DIR: dataDir });
    expect(code).toBe(1);
    expect(output).toContain('is not a backup made by npm run backup');
    expect(await onDataDir(fingerprintOf)).toEqual(backedUp);
  });

  it('refuses an in-memory or empty DATA_DIR', async () => {
    await expect(backupDataDir(':memory:', backupFile)).rejects.toBeInstanceOf(BackupRefused);
    await expect(backupDataDir(mkdtempSync(join(elsewhere, 'empty-')), backupFile)).rejects.toThrow(/there is no database in/);
  });

  it('prints the pg_dump and pg_restore lines to use with DATABASE_URL, never its password', async () => {
    const url = 'postgresql://admin:s3cret-pass@db.example.com:5432/admin?sslmode=require';
    expect(postgresCommand('backup', url, 'admin.dump')).toContain(
      "pg_dump --format=custom --file='admin.dump' --dbname='postgresql://admin@db.example.com:5432/admin?sslmode=require'",
    );
    expect(postgresCommand('restore', url, 'admin.dump')).toContain(
      "pg_restore --clean --if-exists --no-owner --dbname='postgresql://admin@db.example.com:5432/admin?sslmode=require' 'admin.dump'",
    );
    const { code, output } = await runScript('backup', 'admin.dump', { DATABASE_URL: url });
    expect(code).toBe(1);
    expect(output).toContain('pg_dump --format=custom');
    expect(output).toContain('PGPASSWORD');
    expect(output).not.toContain('s3cret-pass');
  });
});
