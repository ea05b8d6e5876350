import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Config } from '../../server/config';
import { companies, storedFiles } from '../../server/db/schema';
import { writeDemoPictures } from '../../server/seed/demoLogos';
import { seedDemoData } from '../../server/seed/seed';
import { buildTestServer, useSignedInServer } from '../helpers/testServer';
import { PNG_BYTES, dataUrl } from '../helpers/serverFixtures';

const SANDBOX = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";
const etagOf = (bytes: Buffer) => `"${createHash('sha256').update(bytes).digest('hex')}"`;

/** Every stored file's path (`/folder/name`), wherever the store keeps them. */
const storedPaths: Record<Config['fileStorage'], (app: FastifyInstance) => Promise<string[]>> = {
  database: async (app) => (await app.db.select({ path: storedFiles.path }).from(storedFiles)).map((row) => row.path),
  folder: async (app) => {
    const root = app.config.uploadDir;
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${relative(root, join(entry.parentPath, entry.name)).split(sep).join('/')}`);
  },
};

describe.each(['database', 'folder'] as const)('FILE_STORAGE=%s', (fileStorage) => {
  const ctx = useSignedInServer({ uploadMaxBytes: 64 * 1024, fileStorage });
  const upload = (files: Array<{ rawBody: string; name: string }>, folder = '/credit') => ctx.me.call('POST', '/file', { files, folder });
  const get = (url: string, headers: Record<string, string> = {}) => ctx.server.app.inject({ method: 'GET', url, headers });
  const uploadPng = async () => new URL((await upload([{ rawBody: dataUrl(PNG_BYTES), name: 'logo.png' }])).json<{ data: string[] }>().data[0] ?? '').pathname;

  describe('POST /file', () => {
    it('stores images and pdfs in an allowed folder and answers their URLs, which are served back', async () => {
      const svg = '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>';
      const response = await upload([
        { rawBody: dataUrl(PNG_BYTES), name: 'Logo Société.PNG' },
        { rawBody: dataUrl('%PDF-1.4 minimal', 'application/pdf'), name: 'plaquette.pdf' },
        { rawBody: dataUrl(svg, 'image/svg+xml'), name: 'mark.svg' },
      ]);
      const body = response.json();
      expect(body.ok).toBe(true);
      expect(body.data).toHaveLength(3);
      expect(body.data[0]).toMatch(/^http:\/\/localhost:3000\/uploads\/credit\/logo-societe-[a-f0-9]{12}\.png$/);
      expect(body.data[1]).toMatch(/\/uploads\/credit\/plaquette-[a-f0-9]{12}\.pdf$/);
      const served = await get(new URL(body.data[0]).pathname);
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(PNG_BYTES)).toBe(true);
      const pdfServed = await get(new URL(body.data[1]).pathname);
      expect(pdfServed.headers['content-type']).toBe('application/pdf');
      expect(pdfServed.body).toBe('%PDF-1.4 minimal');
      const svgServed = await get(new URL(body.data[2]).pathname);
      expect(svgServed.headers['content-type']).toContain('image/svg+xml');
      expect(svgServed.headers['content-security-policy']).toContain('sandbox');
      expect(svgServed.body).toBe(svg);
    });

    it('accepts the other allowed folders', async () => {
      for (const folder of ['/category_images', '/offers']) {
        const url = (await upload([{ rawBody: dataUrl(PNG_BYTES), name: 'a.png' }], folder)).json<{ data: string[] }>().data[0] ?? '';
        expect(url).toContain(`/uploads${folder}/a-`);
        expect((await get(new URL(url).pathname)).statusCode).toBe(200);
      }
    });

    it('refuses a type disguised by its name and declared type', async () => {
      const response = await upload([{ rawBody: dataUrl('<html><script>alert(1)</script></html>', 'image/png'), name: 'photo.png' }]);
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ ok: false, code: 'UNSUPPORTED_FILE_TYPE' });
    });

    it('refuses an oversize file', async () => {
      const big = Buffer.concat([PNG_BYTES, Buffer.alloc(70 * 1024)]);
      const response = await upload([{ rawBody: dataUrl(big), name: 'big.png' }]);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ ok: false, code: 'PAYLOAD_TOO_LARGE' });
    });

    it('refuses a folder outside the list, and path tricks in the folder or the name', async () => {
      for (const folder of ['/etc', '/credit/../../etc', '../credit', '/credit/']) {
        const response = await upload([{ rawBody: dataUrl(PNG_BYTES), name: 'a.png' }], folder);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
      }
      const tricky = (await upload([{ rawBody: dataUrl(PNG_BYTES), name: '../../../etc/passwd.png' }])).json();
      expect(tricky.data[0]).toMatch(/\/uploads\/credit\/etc-passwd-[a-f0-9]{12}\.png$/);
      const paths = await storedPaths[fileStorage](ctx.server.app);
      expect(paths).toContain(new URL(tricky.data[0]).pathname.replace('/uploads', ''));
      for (const path of paths) expect(path).toMatch(/^\/(credit|category_images|offers)\/[a-z0-9_-]+\.(png|pdf|svg)$/);
    });

    it('refuses what is not a data URL, an empty list, and a call without a session', async () => {
      expect((await upload([{ rawBody: 'http://x/a.png', name: 'a.png' }])).json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect((await upload([{ rawBody: 'data:image/png;base64,', name: 'a.png' }])).json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect((await upload([])).json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      const anonymous = await ctx.server.app.inject({
        method: 'POST',
        url: '/api/file',
        payload: { files: [{ rawBody: dataUrl(PNG_BYTES), name: 'a.png' }], folder: '/credit' },
      });
      expect(anonymous.statusCode).toBe(401);
    });

    it('never writes a path that could leave its folder', async () => {
      for (const path of ['/../evil.png', '/credit/../../evil.png', 'credit/evil.png', '/credit/.hidden.png', '/credit//evil.png']) {
        await expect(ctx.server.app.files.save(path, PNG_BYTES, 'image/png')).rejects.toThrow(/not a stored file path/);
      }
    });
  });

  describe('GET /uploads/*', () => {
    it('serves the bytes with their type, an ETag from their checksum, a year of immutable caching, and the sandbox', async () => {
      const served = await get(await uploadPng());
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(PNG_BYTES)).toBe(true);
      expect(served.headers).toMatchObject({
        'content-type': 'image/png',
        'content-length': String(PNG_BYTES.length),
        etag: etagOf(PNG_BYTES),
        'cache-control': 'public, max-age=31536000, immutable',
        'content-security-policy': SANDBOX,
        'cross-origin-resource-policy': 'cross-origin',
      });
    });

    it('answers 304 without the bytes when If-None-Match names the ETag, and the file otherwise', async () => {
      const path = await uploadPng();
      const etag = etagOf(PNG_BYTES);
      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const cached = await get(path, { 'if-none-match': ifNoneMatch });
        expect(cached.statusCode).toBe(304);
        expect(cached.body).toBe('');
        expect(cached.headers).toMatchObject({ etag, 'cache-control': 'public, max-age=31536000, immutable', 'content-security-policy': SANDBOX });
      }
      const stale = await get(path, { 'if-none-match': '"0123"' });
      expect(stale.statusCode).toBe(200);
      expect(stale.rawPayload.equals(PNG_BYTES)).toBe(true);
    });

    it('answers HEAD with the headers and no body', async () => {
      const head = await ctx.server.app.inject({ method: 'HEAD', url: await uploadPng() });
      expect(head.statusCode).toBe(200);
      expect(head.body).toBe('');
      expect(head.headers).toMatchObject({ 'content-type': 'image/png', etag: etagOf(PNG_BYTES), 'content-security-policy': SANDBOX });
    });

    it('answers an unknown file 404 in the envelope, still sandboxed', async () => {
      for (const url of ['/uploads/credit/none-0123456789ab.png', '/uploads/nowhere/x.png', '/uploads/', '/uploads/credit']) {
        const missing = await get(url, { accept: 'text/html' });
        expect(missing.statusCode).toBe(404);
        expect(missing.json()).toEqual({ ok: false, code: 'NOT_FOUND' });
        expect(missing.headers).toMatchObject({ 'content-security-policy': SANDBOX, 'cross-origin-resource-policy': 'cross-origin' });
        expect(missing.headers.etag).toBeUndefined();
      }
    });

    it('does not serve files outside the stored ones: no climbing out, no hidden files', async () => {
      // Bait: a file beside the upload folder and a hidden one inside it, which a folder store must not give away.
      const secretName = `ap-secret-${randomBytes(4).toString('hex')}.png`;
      const beside = join(dirname(ctx.server.app.config.uploadDir), secretName);
      const hidden = join(ctx.server.app.config.uploadDir, 'credit', '.hidden.png');
      mkdirSync(dirname(hidden), { recursive: true });
      writeFileSync(beside, PNG_BYTES);
      writeFileSync(hidden, PNG_BYTES);
      try {
        const stored = await uploadPng();
        expect((await get(stored)).statusCode).toBe(200);
        for (const url of [
          `/uploads/..%2f${secretName}`,
          `/uploads/../${secretName}`,
          `/uploads/credit/..%2f..%2f${secretName}`,
          `/uploads/%2e%2e/${secretName}`,
          `/uploads/credit/%2e%2e%2f%2e%2e%2f${secretName}`,
          '/uploads/..%2f..%2fpackage.json',
          '/uploads/credit/.hidden.png',
          `${stored}%00.png`,
          stored.replace('/credit/', '/credit//'),
        ]) {
          const refused = await get(url);
          expect(refused.statusCode, url).toBeGreaterThanOrEqual(400);
          expect(refused.statusCode, url).toBeLessThan(500);
          expect(refused.json(), url).toMatchObject({ ok: false });
        }
      } finally {
        rmSync(beside, { force: true });
        rmSync(hidden, { force: true });
      }
    });
  });

  describe('demo pictures', () => {
    it('are stored through the same store and served; seeding them again changes nothing', async () => {
      const urls = await writeDemoPictures(ctx.server.app.files, '/offers', 'http://localhost:3000', 'demo-test', 2);
      expect(urls).toEqual(['http://localhost:3000/uploads/offers/demo-test-1.svg', 'http://localhost:3000/uploads/offers/demo-test-2.svg']);
      const first = await get('/uploads/offers/demo-test-1.svg');
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toContain('image/svg+xml');
      expect(await writeDemoPictures(ctx.server.app.files, '/offers', 'http://localhost:3000', 'demo-test', 2)).toEqual(urls);
      expect((await get('/uploads/offers/demo-test-1.svg')).body).toBe(first.body);
    });

    it("serve the seeded companies' logos", async () => {
      const server = await buildTestServer({ fileStorage });
      try {
        expect(await seedDemoData(server.app.db, server.app.files, server.app.config)).toBe(true);
        const [company] = await server.app.db.select({ logoUrl: companies.logoUrl }).from(companies).where(isNotNull(companies.logoUrl)).limit(1);
        expect(company?.logoUrl).toMatch(/^http:\/\/localhost:3000\/uploads\/credit\/demo-logo-\d+\.svg$/);
        const logo = await server.app.inject({ method: 'GET', url: new URL(company?.logoUrl ?? '').pathname });
        expect(logo.statusCode).toBe(200);
        expect(logo.headers['content-type']).toContain('image/svg+xml');
        expect(logo.body).toMatch(/^<svg /);
      } finally {
        await server.close();
      }
    });
  });
});
