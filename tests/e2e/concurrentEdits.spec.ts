import type { Browser, Page } from '@playwright/test';
import { expect, test } from './cspGuard';
import { apiAs, fillSteadily, linkFromOutbox, signIn, toast } from './helpers';

/** A second admin, Yanis Berger, signed in in a browser context of their own (their own cookies and session). */
async function secondAdmin(browser: Browser, page: Page): Promise<Page> {
  const email = `hugo.simon.${Date.now()}@example.com`;
  expect(await (await apiAs(page)).post('/admin', { name: 'Yanis Berger', email, role: 'owner' })).toMatchObject({ ok: true });
  const context = await browser.newContext();
  const hugo = await context.newPage();
  const create = hugo.getByRole('button', { name: 'Créer' });
  await hugo.goto(await linkFromOutbox(page, email, 'your administrator account'));
  await fillSteadily(hugo.getByLabel('Nouveau mot de passe'), 'hugo-pass-1', create);
  await create.click();
  await expect(hugo.getByRole('button', { name: 'Profile' })).toContainText('Yanis Berger');
  return hugo;
}

test('two admins on one company: presence, the save notice, the conflict dialog and Overwrite with mine', async ({ browser, page }) => {
  await page.goto('/company');
  await signIn(page);
  const api = await apiAs(page);
  const [company] = (await api.post('/company/search', {})).data as Array<{ _id: string; name: string; city: string | null }>;
  if (!company) throw new Error('the demo data has no company');
  const hugo = await secondAdmin(browser, page);

  // A (the demo admin) opens the company, then B (Yanis Berger) does: A sees B there.
  await page.goto(`/company/${company._id}`);
  const cityA = page.getByLabel('City');
  await expect(cityA).toHaveValue(company.city ?? '');
  await hugo.goto(`/company/${company._id}`);
  await expect(page.getByText('Also open by Yanis Berger')).toBeVisible();

  // B saves a change: A hears of it at once.
  await hugo.getByLabel('City').fill('Nantes (Yanis)');
  await hugo.getByRole('button', { name: 'Update' }).click();
  await expect(toast(hugo, 'Updated!')).toBeVisible();
  await expect(page.getByText('Yanis Berger saved this company — reload')).toBeVisible();

  // A, still on the version read before, saves: nothing is saved, the dialog shows both values.
  await cityA.fill('Lyon (Demo)');
  await page.getByRole('button', { name: 'Update' }).click();
  const dialog = page.getByRole('dialog', { name: 'Saved by another admin' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('row', { name: 'City Nantes (Yanis) Lyon (Demo)' })).toBeVisible();
  expect((await api.get(`/company/${company._id}`)).data).toMatchObject({ city: 'Nantes (Yanis)' });

  // Overwrite with mine saves A's form on the current version, recorded as an overwrite.
  await dialog.getByRole('button', { name: 'Overwrite with mine' }).click();
  await expect(toast(page, 'Updated!')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  expect((await api.get(`/company/${company._id}`)).data).toMatchObject({ city: 'Lyon (Demo)' });
  const trail = await api.post('/audit/search', { entity: 'company', entity_id: company._id });
  expect((trail.data as Array<{ action: string }>).map((event) => event.action).slice(0, 2)).toEqual(['overwrite', 'update']);

  // And B, in turn, hears of A's save.
  await expect(hugo.getByText('Demo Admin saved this company — reload')).toBeVisible();
  await hugo.context().close();
});
