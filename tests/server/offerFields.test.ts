import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '../../server/db/schema';
import { readCsv } from '../helpers/csvFile';
import { insertCompany } from '../helpers/serverFixtures';
import { useSignedInServer } from '../helpers/testServer';

// Offers derived from their declaration (shared/entities/offers.ts): what the derivation gives them beyond the other tests.
const ctx = useSignedInServer();

describe('offers, from their declaration', () => {
  it('carries the company’s logo through the one-statement update, its change in the audit trail', async () => {
    const [plain, logoed] = [
      await insertCompany(ctx.server.app, { name: 'Sans Logo' }),
      await insertCompany(ctx.server.app, { name: 'Avec Logo', logoUrl: 'https://x.example/logo.png' }),
    ];
    const created = (
      await ctx.me.call('POST', '/offer', { title: 'Logo', description: 'd', images: ['https://x.example/1.png'], organisation_id: plain.id })
    ).json().data;
    expect(created).toMatchObject({ organisation_name: 'Sans Logo', organisation_logo: null });
    const moved = (await ctx.me.call('PUT', `/offer/${created._id}`, { organisation_id: logoed.id, version: created.version })).json();
    expect(moved.data).toMatchObject({ organisation_name: 'Avec Logo', organisation_logo: 'https://x.example/logo.png', version: created.version + 1 });
    expect((await ctx.me.call('GET', `/offer/${created._id}`)).json().data).toEqual(moved.data);
    const [update] = await ctx.server.app.db
      .select({ changes: auditEvents.changes })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, created._id), eq(auditEvents.action, 'update')));
    expect(update?.changes).toMatchObject({ organisation_logo: [null, 'https://x.example/logo.png'] });
  });

  it('exports the images as their links, space-separated', async () => {
    await ctx.me.call('POST', '/offer', { title: 'Deux images', description: 'd', images: ['https://x.example/a.png', 'https://x.example/b.png'] });
    const response = await ctx.me.call('POST', '/offer/export', { search: 'Deux images' });
    expect(readCsv(response.body).rows.map((row) => row.images)).toEqual(['https://x.example/a.png https://x.example/b.png']);
  });

  it('sorts offers without a credit ratio last, in either direction', async () => {
    const titles: string[] = [];
    for (const [title, credit_ratio] of [
      ['Ratio vide', null],
      ['Ratio plein', 1],
      ['Ratio moitié', 0.5],
    ] as const) {
      const { _id } = (await ctx.me.call('POST', '/offer', { title, description: 'tri par ratio', images: ['https://x.example/r.png'] })).json().data;
      await ctx.me.call('PUT', `/offer/${_id}`, { credit_ratio });
      titles.push(title);
    }
    const sorted = async (direction: 1 | -1) =>
      (
        (await ctx.me.call('POST', '/offer/search', { search: 'tri par ratio', sort: { credit_ratio: direction } })).json().data as Array<{ title: string }>
      ).map((offer) => offer.title);
    expect(await sorted(1)).toEqual(['Ratio moitié', 'Ratio plein', 'Ratio vide']);
    expect(await sorted(-1)).toEqual(['Ratio plein', 'Ratio moitié', 'Ratio vide']);
  });
});
