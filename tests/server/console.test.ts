import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../helpers/testServer';

const ASSET = `console.log(${JSON.stringify('x'.repeat(4000))})`;

let server: TestServer;
let consoleDir: string;

beforeAll(async () => {
  consoleDir = mkdtempSync(join(tmpdir(), 'ap-console-'));
  mkdirSync(join(consoleDir, 'assets'));
  writeFileSync(join(consoleDir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(consoleDir, 'assets', 'app-abc123.js'), ASSET);
  // What the build writes beside each text asset (vite-plugin-compression2).
  writeFileSync(join(consoleDir, 'assets', 'app-abc123.js.br'), brotliCompressSync(ASSET));
  writeFileSync(join(consoleDir, 'assets', 'app-abc123.js.gz'), gzipSync(ASSET));
  server = await buildTestServer({ consoleDir });
});
afterAll(async () => {
  await server.close();
  rmSync(consoleDir, { recursive: true, force: true });
});

describe('serving the console', () => {
  it('answers deep links with index.html, never cached', async () => {
    for (const url of ['/', '/admin', '/admin/0123456789abcdef01234567', '/auth/reset?token=x']) {
      const response = await server.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets as immutable', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('sends the precompressed copy the browser accepts, brotli first, and the plain file otherwise', async () => {
    const asset = (acceptEncoding?: string) =>
      server.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
    const brotli = await asset('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotli.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(ASSET);
    const gzip = await asset('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(ASSET);
    const plain = await asset();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(ASSET);
  });

  it('keeps API paths as API: JSON 401 for an /admin/{id} call, JSON 404 for an unknown one', async () => {
    const apiCall = await server.app.inject({ method: 'GET', url: '/api/admin/0123456789abcdef01234567', headers: { accept: 'text/html' } });
    expect(apiCall.statusCode).toBe(401);
    expect(apiCall.json()).toEqual({ ok: false, code: 'UNAUTHORIZED' });
    const unknown = await server.app.inject({ method: 'GET', url: '/api/nope', headers: { accept: 'text/html' } });
    expect(unknown.json()).toEqual({ ok: false, code: 'NOT_FOUND' });
  });

  it('does not leak files outside the console folder', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/assets/..%2f..%2fpackage.json' });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.body).not.toContain('"dependencies"');
  });
});
