import { describe, expect, it } from 'vitest';
import { categoryImages } from '../../server/db/schema';
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

  it('lists each image exactly as it was created, newest first and by id at equal times, with any text escaped', async () => {
    await ctx.server.app.db.delete(categoryImages);
    expect((await ctx.me.call('POST', '/category_image/search', {})).json()).toEqual({ ok: true, data: [] });
    const created = [];
    for (const image_url of ['https://x.example/caf%C3%A9.png', 'https://x.example/é "q" \\ ✓.png?a=1&b=<2>', 'https://x.example/z.png']) {
      created.push((await ctx.me.call('POST', '/category_image', { activity_domain: 'Mobilier', image_url })).json().data);
    }
    // Two images of one instant, inserted oldest id first: the list breaks the tie by the id, descending.
    const instant = new Date('2020-01-02T03:04:05.678Z');
    const [olderId, newerId] = ['0'.repeat(23) + 'a', '0'.repeat(23) + 'b'];
    await ctx.server.app.db.insert(categoryImages).values([
      { id: olderId, activityDomain: 'Expert IA', imageUrl: 'https://x.example/a.png', createdAt: instant },
      { id: newerId, activityDomain: 'Expert IA', imageUrl: 'https://x.example/b.png', createdAt: instant },
    ]);
    const listed = await ctx.me.call('POST', '/category_image/search', {});
    expect(listed.headers['content-type']).toMatch(/^application\/json/);
    const tied = (id: string, url: string) => ({ _id: id, activity_domain: 'Expert IA', image_url: url, created_at: instant.toISOString(), version: 1 });
    expect(listed.json()).toEqual({
      ok: true,
      data: [...created.reverse(), tied(newerId, 'https://x.example/b.png'), tied(olderId, 'https://x.example/a.png')],
    });
    expect(
      (await ctx.me.call('POST', '/category_image/search', { activity_domain: 'Expert IA' })).json().data.map((image: { _id: string }) => image._id),
    ).toEqual([newerId, olderId]);
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
