import { expect, test } from './cspGuard';
import { apiAs, fillSteadily, linkFromOutbox, signIn, toast } from './helpers';

test('an admin signed in twice signs the other session out from the Security tab; its next call lands on /auth', async ({ browser, page }) => {
  // A fresh admin, so that the list holds only this test's two sessions.
  await page.goto('/');
  await signIn(page);
  const email = `sessions.${Date.now()}@example.com`;
  expect(await (await apiAs(page)).post('/admin', { name: 'Sam Sessions', email, role: 'support' })).toMatchObject({ ok: true });
  const password = 'sessions-pass-1';

  // The laptop: the set-password link signs in.
  const laptop = await (await browser.newContext()).newPage();
  const create = laptop.getByRole('button', { name: 'Créer' });
  await laptop.goto(await linkFromOutbox(page, email, 'your administrator account'));
  await fillSteadily(laptop.getByLabel('Nouveau mot de passe'), password, create);
  await create.click();
  await expect(laptop.getByRole('button', { name: 'Profile' })).toContainText('Sam Sessions');

  // The office: a second browser, signed in with the password.
  const office = await (await browser.newContext()).newPage();
  await office.goto('/');
  await signIn(office, { email, password });

  await laptop.goto('/account');
  await laptop.getByRole('tab', { name: 'Security' }).click();
  const rows = laptop.getByRole('table', { name: 'Sessions' }).locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'This session' })).toHaveCount(1);
  const other = rows.filter({ hasNotText: 'This session' });
  await expect(other).toContainText(/Chrome \d+ on Linux/);
  await other.getByRole('button', { name: /Sign out/ }).click();
  await expect(toast(laptop, 'Session signed out')).toBeVisible();
  await expect(rows).toHaveCount(1);

  // The office's next call is refused: the console signs out to /auth, without an error toast.
  await office.getByRole('navigation').getByRole('menuitem', { name: 'Companies' }).click();
  await expect(office).toHaveURL(/\/auth$/);
  await expect(office.locator('.MuiSnackbarContent-message')).toHaveCount(0);
  // The laptop goes on.
  await laptop.getByRole('navigation').getByRole('menuitem', { name: 'Companies' }).click();
  await expect(laptop.locator('tbody tr').first()).toBeVisible();
});
