import { describe, expect, it } from 'vitest';
import { useSignedInServer } from '../helpers/testServer';

const ctx = useSignedInServer();

describe('category images', () => {
  it('creates, lists by domain or all, and deletes', async () => {
    const created = (await ctx.me.call('POST', '/category_image', { activity_domain: 'Mobilier', image_url: 'https://x.example/m.png' })).json();
    expect(created).toMatchObject({ ok: true, data: { activity_domain: 'Mobilier', image_url: 'https://x.example/m.png' } });
    await ctx.me.call('POST', '/category_image', { activity_domain: 'Expert IA', image_url: 'https://x.example/ia.png' });
    expect(
      (await ctx.me.call('POST', '/category_image/search', { activity_domain: 'Mobilier' })).json().data.map((image: { image_url: string }) => image.image_url),
    ).toEqual(['https://x.example/m.png']);
    expect((await ctx.me.call('POST', '/category_image/search', {})).json().data).toHaveLength(2);
    expect((await ctx.me.call('DELETE', `/category_image/${created.data._id}`)).json()).toEqual({ ok: true });
    expect((await ctx.me.call('DELETE', `/category_image/${created.data._id}`)).statusCode).toBe(404);
  });

  it('refuses a domain outside the catalogue, a missing or unsafe URL', async () => {
    for (const payload of [
      { activity_domain: 'Astrologie', image_url: 'https://x.example/a.png' },
      { activity_domain: 'Mobilier' },
      { activity_domain: 'Mobilier', image_url: 'javascript:alert(1)' },
    ]) {
      expect((await ctx.me.call('POST', '/category_image', payload)).json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    }
  });
});
