import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useSignedInServer } from '../helpers/testServer';
import { PNG_BYTES, dataUrl } from '../helpers/serverFixtures';

const ctx = useSignedInServer({ uploadMaxBytes: 64 * 1024 });

const upload = (files: Array<{ rawBody: string; name: string }>, folder = '/credit') => ctx.me.call('POST', '/file', { files, folder });

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
    const served = await ctx.server.app.inject({ method: 'GET', url: new URL(body.data[0]).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG_BYTES)).toBe(true);
    const svgServed = await ctx.server.app.inject({ method: 'GET', url: new URL(body.data[2]).pathname });
    expect(svgServed.headers['content-type']).toContain('image/svg+xml');
    expect(svgServed.headers['content-security-policy']).toContain('sandbox');
  });

  it('accepts the other allowed folders', async () => {
    for (const folder of ['/category_images', '/offers']) {
      expect((await upload([{ rawBody: dataUrl(PNG_BYTES), name: 'a.png' }], folder)).json()).toMatchObject({ ok: true });
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
    expect(readdirSync(`${ctx.server.app.config.uploadDir}`).sort()).toEqual(['category_images', 'credit', 'offers']);
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

  it('does not serve files outside the upload folder', async () => {
    const response = await ctx.server.app.inject({ method: 'GET', url: '/uploads/..%2f..%2fpackage.json' });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
  });
});
