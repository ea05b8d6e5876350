import { describe, expect, it } from 'vitest';
import { startServerProcess } from '../helpers/serverProcess';

describe('WORKERS on PGlite', () => {
  it('refuses to start several processes over one embedded database, with a clear message', async () => {
    const server = startServerProcess({ WORKERS: '2', DATA_DIR: ':memory:', PORT: '0', LOG_LEVEL: 'silent' });
    expect(await server.exited).toBe(1);
    expect(server.stderr()).toMatch(/WORKERS: several processes need a DATABASE_URL/);
  }, 60_000);
});
