import { EXPECTS_CSP_VIOLATION, expect, test } from './cspGuard';
import { expectRecordPage, signIn, toast } from './helpers';

test.describe('administrators, end to end', () => {
  test(
    'the console is served under a Content-Security-Policy that allows only its own scripts',
    { annotation: { type: EXPECTS_CSP_VIOLATION } },
    async ({ page }) => {
      const response = await page.goto('/auth');
      const policy = response?.headers()['content-security-policy'] ?? '';
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("frame-ancestors 'none'");
      // An inline script is what the policy exists to stop: the browser must refuse to run one.
      const ranInline = await page.evaluate(() => {
        const script = document.createElement('script');
        script.textContent = 'window.__inlineRan = true';
        document.body.append(script);
        return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
      });
      expect(ranInline).toBe(false);
    },
  );

  test('signed out, every protected route leads to /auth', async ({ page }) => {
    for (const path of ['/', '/admin', '/admin/000000000000000000000000', '/account']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/auth$/);
    }
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeDisabled();
  });

  test('a wrong password shows the server code', async ({ page }) => {
    await page.goto('/auth');
    await page.getByLabel('Email').fill('admin@example.com');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(toast(page, 'INVALID_CREDENTIALS')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('sign in, list, search, paginate, create, update, delete, refuse self-delete, sign out', async ({ page }) => {
    await page.goto('/admin');
    await signIn(page);
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('menuitem', { name: 'Admins' }).click();
    await expect(page).toHaveURL(/\/admin$/);

    // The shell: a 12rem sidebar on a large screen.
    const sidebar = page.locator('.RaSidebar-fixed');
    expect((await sidebar.boundingBox())?.width).toBe(192);

    // List and paginate the 28 seeded administrators (the owner, one of each other role, 24 more).
    const rows = page.locator('tbody tr');
    await expect(rows).toHaveCount(10);
    await expect(page.getByLabel('Current page')).toHaveText('1 / 3');
    await expect(page.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page.getByLabel('Current page')).toHaveText('2 / 3');
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page.getByLabel('Current page')).toHaveText('3 / 3');
    await expect(rows).toHaveCount(8);
    await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();

    // A search returns to page 1.
    await page.getByPlaceholder('Search').fill('camille');
    await expect(page.getByLabel('Current page')).toHaveText('1 / 1');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('Camille');
    await page.getByPlaceholder('Search').fill('');
    await expect(page.getByLabel('Current page')).toHaveText('1 / 3');

    // Create one and land on its page.
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create new administrator' });
    const create = dialog.getByRole('button', { name: 'Create', exact: true });
    await expect(create).toBeDisabled();
    await dialog.getByLabel('Name').fill('Ada Lovelace');
    await expect(create).toBeDisabled();
    await dialog.getByLabel('Email').fill('ada.lovelace@example.com');
    await create.click();
    await expect(toast(page, 'Admin created successfully!')).toBeVisible();
    await expectRecordPage(page, /\/admin\/[a-f0-9]{24}$/);
    const adaUrl = page.url();
    await expect(page.getByLabel('Name')).toHaveValue('Ada Lovelace');

    // A deep link loads on its own (single-page fallback, session from the cookie).
    await page.reload();
    await expect(page.getByLabel('Name')).toHaveValue('Ada Lovelace');
    await page.getByRole('tab', { name: 'Raw Data' }).click();
    await expect(page.getByTestId('raw-data')).toContainText('"email": "ada.lovelace@example.com"');
    await expect(page.getByTestId('raw-data')).not.toContainText('password');
    await page.getByRole('tab', { name: 'Information' }).click();

    // Update it.
    await page.getByLabel('Name').fill('Ada King');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(toast(page, 'Updated!')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Name')).toHaveValue('Ada King');

    // Delete it after the prompt.
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Confirm' }).click();
    await expect(toast(page, 'Delete!')).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto(adaUrl);
    await expect(toast(page, 'NOT_FOUND')).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);

    // Try to delete oneself.
    await page.getByPlaceholder('Search').fill('admin@example.com');
    await expect(rows).toHaveCount(1);
    await rows.first().click();
    await expect(page.getByLabel('Name')).toHaveValue('Demo Admin');
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Admins cannot delete their own accounts.')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Are you sure?' })).toHaveCount(0);

    // Sign out: back to /auth, and the session is gone on the server too.
    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('on a small screen the menu slides over', async ({ page }) => {
    await page.setViewportSize({ width: 400, height: 800 });
    await page.goto('/admin');
    await signIn(page);
    const adminsLink = page.getByRole('menuitem', { name: 'Admins' });
    await expect(adminsLink).toBeHidden();
    await page
      .getByRole('button', { name: /open menu|close menu|menu/i })
      .first()
      .click();
    await expect(adminsLink).toBeVisible();
  });
});
