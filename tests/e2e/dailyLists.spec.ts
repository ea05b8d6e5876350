import { expect, test } from './cspGuard';
import { signIn } from './helpers';

const EN_GB_WITH_TIME = /^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/;

test('rows per page and hidden columns are chosen and kept after a reload; sessions and the date filter read en-GB', async ({ page }) => {
  await page.goto('/');
  await signIn(page);
  await page.goto('/message');
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(10);
  await expect(page.getByText(/^\d+ matches$/)).toBeVisible();

  // The demo has 30 rooms: 25 a page shows 25, and the choice outlives a reload and a visit without the URL's.
  await page.getByRole('combobox', { name: 'Rows per page' }).click();
  await page.getByRole('option', { name: '25' }).click();
  await expect(rows).toHaveCount(25);
  await page.reload();
  await expect(rows).toHaveCount(25);
  await page.goto('/message');
  await expect(rows).toHaveCount(25);
  await expect(page.getByRole('combobox', { name: 'Rows per page' })).toHaveText('25');

  // Its column chooser: 'Last message' unticked stays hidden after a reload.
  const lastMessage = page.getByRole('columnheader', { name: 'Last message' });
  await expect(lastMessage).toBeVisible();
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Last message' }).click();
  await page.keyboard.press('Escape');
  await expect(lastMessage).toHaveCount(0);
  await page.reload();
  await expect(rows).toHaveCount(25);
  await expect(lastMessage).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Seller' })).toBeVisible();

  // Every date of the sessions table: 21/11/2026, 14:05.
  await page.goto('/account');
  await page.getByRole('tab', { name: 'Security' }).click();
  const signedIn = page.getByRole('table', { name: 'Sessions' }).locator('tbody tr td:nth-child(3)');
  await expect(signedIn.first()).toBeVisible();
  for (const text of await signedIn.allTextContents()) expect(text).toMatch(EN_GB_WITH_TIME);

  // The audit trail's day filter reads dd/mm/yyyy whatever the browser's language.
  await page.goto('/audit');
  const from = page.getByLabel('From');
  await from.pressSequentially('01112026');
  await expect(from).toHaveValue('01/11/2026');
  await expect(page).toHaveURL(/filter=.*from/);
});
