import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError } from '../../server/db/dataDirLock';
import { openDatabase } from '../../server/db/client';
import { SERVER_COMMAND } from '../helpers/serverProcess';

const dataDir = mkdtempSync(join(tmpdir(), 'ap-lock-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Starts the real server on `dataDir` and resolves with its exit code and error output. */
function startSecondServer(): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const { DATABASE_URL: _ignored, ...inherited } = process.env;
    const child = spawn(process.execPath, SERVER_COMMAND, {
      env: { ...inherited, NODE_ENV: 'test', DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', SEED_DEMO: 'false' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe('one process per PGlite folder', () => {
  it('refuses a second opener while the first holds the folder, and lets it in once the first closes', async () => {
    const first = await openDatabase({ dataDir });
    await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirLockedError);
    const second = await startSecondServer();
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(/in use by another process \(pid \d+/);
    await first.close();
    const again = await openDatabase({ dataDir });
    await again.close();
  }, 60_000);

  it('takes over a lock left by a process that has died', async () => {
    // A pid far above any live one on this machine stands for a crashed server.
    writeFileSync(join(dataDir, 'pglite', 'admin-platform.lock'), JSON.stringify({ pid: 2 ** 22 + 12345, host: hostname() }));
    const database = await openDatabase({ dataDir });
    await database.close();
  });
});

describe('the lock file', () => {
  it('takes over a lock naming this very pid when this process does not hold it (a restarted container)', async () => {
    writeFileSync(join(dataDir, 'pglite', 'admin-platform.lock'), JSON.stringify({ pid: process.pid, host: hostname() }));
    const database = await openDatabase({ dataDir });
    await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirLockedError);
    await database.close();
  });

  it('takes a half-written (unreadable) lock for a live one while it is fresh', async () => {
    writeFileSync(join(dataDir, 'pglite', 'admin-platform.lock'), '');
    await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirLockedError);
    rmSync(join(dataDir, 'pglite', 'admin-platform.lock'));
  });
});
