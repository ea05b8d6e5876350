import { expect, test } from './cspGuard';
import { apiAs, signIn } from './helpers';

test('an audit row for a deleted company names it, as it was named then', async ({ page }) => {
  await page.goto('/audit');
  await signIn(page);
  const api = await apiAs(page);
  const name = `Atelier éphémère ${Date.now()}`;
  const created = await api.post('/company', { name, logo_url: 'https://cdn.example.com/ephemere.png' });
  expect((await api.delete(`/company/${created.data._id as string}`)).ok).toBe(true);

  await page.goto(`/audit?filter=${encodeURIComponent(JSON.stringify({ entity: 'company', action: 'delete' }))}`);
  const row = page.locator('tbody tr', { hasText: name });
  await expect(row).toContainText(`Company ${name} (deleted)`);
  await expect(row).not.toContainText(created.data._id as string);
  await expect(row.getByRole('link', { name })).toHaveCount(0);
});
