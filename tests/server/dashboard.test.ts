import { describe, expect, it } from 'vitest';
import { buildTestServer, signedInAdmin } from '../helpers/testServer';
import { insertCompany } from '../helpers/serverFixtures';

describe('GET /dashboard', () => {
  it('aggregates counts, credit in circulation, offers and needs by domain, needs by urgency', async () => {
    const fresh = await buildTestServer();
    try {
      const admin = await signedInAdmin(fresh.app);
      // Balances move through the ledger only; the dashboard reads its sums from there.
      const first = await insertCompany(fresh.app);
      const second = await insertCompany(fresh.app);
      await admin.call('POST', `/company/${first.id}/credit`, { amount: 100.5, reason: 'Achat' });
      await admin.call('POST', `/company/${second.id}/credit`, { amount: -30, reason: 'Avoir' });
      await admin.call('POST', '/offer', { title: 'A', description: 'd', images: ['https://x.example/a.png'] });
      const need = (await admin.call('POST', '/need', { description: 'n1', emergency: 'Maintenant', activity_domain: 'Mobilier' })).json().data;
      await admin.call('POST', '/need', { description: 'n2', emergency: 'Maintenant', activity_domain: 'Mobilier' });
      await admin.call('POST', '/need', { description: 'n3', emergency: "Pas d'urgence" });
      expect(need.activity_domain).toBe('Mobilier');
      const body = (await admin.call('GET', '/dashboard')).json();
      const weeks = body.data.credit_movements_per_week;
      expect(weeks).toHaveLength(12);
      expect(weeks.at(-1)).toEqual({ week: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), credited: 100.5, debited: 30 });
      expect(weeks.slice(0, -1).every((week: { credited: number; debited: number }) => week.credited === 0 && week.debited === 0)).toBe(true);
      expect(new Date(`${weeks.at(-1).week}T12:00:00Z`).getUTCDay()).toBe(1);
      expect(body).toEqual({
        ok: true,
        data: {
          counts: { admins: 1, users: 0, companies: 2, offers: 1, needs: 3, rooms: 0 },
          credit_in_circulation: 70.5,
          credit_movements_per_week: weeks,
          offers_by_domain: [{ domain: null, count: 1 }],
          needs_by_domain: [
            { domain: 'Mobilier', count: 2 },
            { domain: null, count: 1 },
          ],
          needs_by_urgency: [
            { emergency: 'Maintenant', count: 2 },
            { emergency: "Pas d'urgence", count: 1 },
          ],
        },
      });
      expect((await fresh.app.inject({ method: 'GET', url: '/api/dashboard' })).statusCode).toBe(401);
    } finally {
      await fresh.close();
    }
  });
});
