import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { openThrowawayDatabase } from '../../server/db/throwaway';
import { loadConfig } from '../../server/config';
import { serializeError } from '../../server/lib/logging';
import { insertAdmin, signedInAdmin, testConfig, useSignedInServer } from '../helpers/testServer';
import { insertCompany } from '../helpers/serverFixtures';

const ctx = useSignedInServer();

/** A real HTTP exchange on a listening copy of the app: what inject cannot show (bodies not read, raw parser errors). */
let listeningPort: Promise<number> | undefined;
async function listening() {
  // The socket closes with the app, after the file (useSignedInServer).
  listeningPort ??= ctx.server.app.listen({ host: '127.0.0.1', port: 0 }).then(() => (ctx.server.app.server.address() as AddressInfo).port);
  return { port: await listeningPort };
}

/** Sends headers announcing `announcedBytes` of body, writes only a little, and resolves with the answer. */
function answerBeforeBody(port: number, path: string, headers: Record<string, string>, announcedBytes: number) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = httpRequest({
      host: '127.0.0.1',
      port,
      path,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(announcedBytes), ...headers },
    });
    request.on('response', (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, body });
        request.destroy();
      });
    });
    request.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? undefined : reject(error)));
    request.write('{"files":[{"rawBody":"data:image/png;base64,' + 'A'.repeat(1024));
    // The rest of the announced body is never sent: only an answer given before reading it arrives.
    setTimeout(() => reject(new Error('no answer before the body')), 5000).unref();
  });
}

describe('bodies are refused before they are read', () => {
  it('answers 401 to an unauthenticated 60 MB upload without waiting for its body', async () => {
    const { port } = await listening();
    const answer = await answerBeforeBody(port, '/api/file', {}, 60 * 1024 * 1024);
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toEqual({ ok: false, code: 'UNAUTHORIZED' });
  });

  it('answers 413 to a signed-in body over the route’s cap without waiting for it', async () => {
    const { port } = await listening();
    const answer = await answerBeforeBody(port, '/api/company/search', { authorization: `JWT ${ctx.me.token}` }, 5 * 1024 * 1024);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ ok: false, code: 'PAYLOAD_TOO_LARGE' });
  });
});

describe('every answer under /api is the envelope', () => {
  it('answers a malformed URL and an over-long parameter in the envelope', async () => {
    const malformed = await ctx.me.call('GET', '/company/%E0%A4%A');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ ok: false, code: 'INVALID_URL' });
    const long = await ctx.me.call('GET', `/company/${'a'.repeat(5000)}`);
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ ok: false, code: 'URI_TOO_LONG' });
  });

  it('answers headers too large for the HTTP parser in the envelope', async () => {
    const { port } = await listening();
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`);
      });
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? resolve(text) : reject(error)));
    });
    expect(raw).toMatch(/^HTTP\/1\.1 431/);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({ ok: false, code: 'HEADERS_TOO_LARGE' });
  });

  it('refuses a NUL character in a stored or searched string, in the body or the URL, with 400 and changes nothing', async () => {
    const company = await insertCompany(ctx.server.app, { name: 'Sans Nul' });
    const cases = [
      ctx.me.call('POST', '/company/search', { search: 'a\u0000b' }),
      ctx.me.call('PUT', '/admin', { name: 'Nul\u0000Name' }),
      ctx.me.call('POST', '/company', { name: 'x\u0000' }),
      ctx.me.call('PUT', `/company/${company.id}`, { ...company, name: 'Nul\u0000' }),
      ctx.me.call('GET', `/company/${company.id}%00`),
      ctx.me.call('GET', '/registry/recherche?q=a%00b&api_token=demo-registry-token'),
    ];
    for (const response of await Promise.all(cases)) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    }
    const stored = (await ctx.me.call('GET', `/company/${company.id}`)).json();
    expect(stored.data.name).toBe('Sans Nul');
  });

  it('refuses with 400 a value whose shape makes a validator throw (a `length` with no primitive value)', async () => {
    const company = await insertCompany(ctx.server.app);
    const hostile = { toString: '', length: { toString: { valueOf: [] } } };
    for (const [url, payload] of [
      [`/company/${company.id}/credit`, { amount: 5, reason: hostile }],
      ['/admin', { name: hostile, email: 'x@example.com' }],
    ] as const) {
      const answer = await ctx.me.call('POST', url, payload);
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    }
    // Forgot-password answers every input alike, this one too.
    expect((await ctx.me.call('POST', '/admin/forgot_password', { email: hostile })).json()).toEqual({ ok: true });
  });

  it('refuses prototype-poisoning keys in a body', async () => {
    const response = await ctx.server.app.inject({
      method: 'POST',
      url: '/api/company/search',
      headers: { authorization: `JWT ${ctx.me.token}`, 'content-type': 'application/json' },
      payload: '{"search":"a","__proto__":{"polluted":true}}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ ok: false, code: 'INVALID_JSON' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('clients that send JSON headers on every call', () => {
  it('accept an empty body with Content-Type application/json on DELETE and on logout', async () => {
    const company = await insertCompany(ctx.server.app);
    const json = { 'content-type': 'application/json' };
    const deleted = await ctx.server.app.inject({
      method: 'DELETE',
      url: `/api/company/${company.id}`,
      headers: { ...json, authorization: `JWT ${ctx.me.token}` },
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ ok: true });
    const other = await signedInAdmin(ctx.server.app);
    const logout = await ctx.server.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { ...json, authorization: `JWT ${other.token}` } });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ ok: true });
  });
});

describe('security headers', () => {
  it('sends a CSP the console can live with on its page and the API, and no HSTS in development', async () => {
    const consoleDir = mkdtempSync(join(tmpdir(), 'ap-console-'));
    writeFileSync(join(consoleDir, 'index.html'), '<!doctype html><title>t</title>');
    const database = await openThrowawayDatabase();
    const app = await buildApp(testConfig({ consoleDir, env: 'development' }), { database, logger: false });
    try {
      const page = await app.inject({ method: 'GET', url: '/company', headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-eval');
      expect(page.headers['strict-transport-security']).toBeUndefined();
      expect(page.headers['x-frame-options']).toBe('DENY');
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      const api = await app.inject({ method: 'GET', url: '/api/health' });
      expect(api.headers['content-security-policy']).toBeDefined();
      expect(api.headers['x-content-type-options']).toBe('nosniff');
    } finally {
      await app.close();
      await database.close();
      rmSync(consoleDir, { recursive: true, force: true });
    }
  });

  it('sends HSTS in production', async () => {
    const database = await openThrowawayDatabase();
    const app = await buildApp(testConfig({ env: 'production' }), { database, logger: false });
    try {
      const answer = await app.inject({ method: 'GET', url: '/api/health' });
      expect(answer.headers['strict-transport-security']).toMatch(/max-age=31536000/);
      expect(answer.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('client addresses behind a proxy', () => {
  it('believes X-Forwarded-For from a listed proxy only', async () => {
    const database = await openThrowawayDatabase();
    const app = await buildApp(testConfig({ trustedProxies: ['10.0.0.1'] }), { database, logger: false });
    app.get('/api/whoami-test', async (request) => ({ ok: true, ip: request.ip }));
    try {
      const viaProxy = await app.inject({ method: 'GET', url: '/api/whoami-test', remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': '203.0.113.5' } });
      expect(viaProxy.json().ip).toBe('203.0.113.5');
      const spoofed = await app.inject({
        method: 'GET',
        url: '/api/whoami-test',
        remoteAddress: '198.51.100.9',
        headers: { 'x-forwarded-for': '203.0.113.5' },
      });
      expect(spoofed.json().ip).toBe('198.51.100.9');
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('takes TRUST_PROXY as a list of addresses or blocks, and refuses a bare true', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,fd00::/8' }).trustedProxies).toEqual(['10.0.0.1', '10.1.0.0/16', 'fd00::/8']);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustedProxies).toEqual([]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/40' })).toThrow(/TRUST_PROXY/);
  });
});

describe('request logs', () => {
  it('log a failed query without its parameters (a password hash, a token hash)', () => {
    const failure = Object.assign(new Error('Failed query: update "admins" set "password_hash" = $1\nparams: scrypt$131072$8$1$salt$key'), {
      params: ['scrypt$131072$8$1$salt$key'],
      cause: Object.assign(new Error('connection lost\nparams: token-hash-value'), { code: '08006' }),
    });
    const logged = JSON.stringify(serializeError(failure));
    expect(logged).toContain('update \\"admins\\" set');
    expect(logged).toContain('connection lost');
    expect(logged).not.toContain('scrypt$');
    expect(logged).not.toContain('token-hash-value');
  });

  it('log a connection’s failure without the pg client that the pool attaches to it (its connection parameters)', () => {
    const failure = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
      client: { connectionParameters: { user: 'app', password: 'pool-password-value', host: 'db.internal' } },
    });
    const logged = JSON.stringify(serializeError(failure));
    expect(logged).toContain('57P01');
    expect(logged).not.toContain('pool-password-value');
    expect(logged).not.toContain('connectionParameters');
  });

  it('never carry the registry token, a reset token or a session header', async () => {
    const lines: string[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
    const database = await openThrowawayDatabase();
    const app = await buildApp(testConfig({ logLevel: 'info' }), { database, logStream: stream });
    try {
      const admin = await insertAdmin(app);
      await app.inject({ method: 'GET', url: '/api/registry/recherche?q=lumi&api_token=demo-registry-token' });
      await app.inject({ method: 'GET', url: '/auth/reset?token=very-secret-reset-token', headers: { accept: 'text/html' } });
      await app.inject({ method: 'POST', url: '/api/admin/search', headers: { authorization: 'JWT secret-session-token' }, payload: {} });
      expect(admin.email).toBeTruthy();
      const log = lines.join('');
      expect(log).toContain('/api/registry/recherche');
      expect(log).not.toContain('demo-registry-token');
      expect(log).not.toContain('very-secret-reset-token');
      expect(log).not.toContain('secret-session-token');
    } finally {
      await app.close();
      await database.close();
    }
  });
});
