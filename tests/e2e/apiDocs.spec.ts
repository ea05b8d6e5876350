import { expect, test } from './cspGuard';

test('the API reference at /api/docs renders the OpenAPI document in the browser', async ({ page }) => {
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Admin Platform API/ })).toBeVisible();
  // One operation of each kind of route: public, protected, and one with a path parameter.
  await expect(page.getByText('/api/admin/signin', { exact: true })).toBeVisible();
  await expect(page.getByText('/api/company/search', { exact: true })).toBeVisible();
  await expect(page.getByText('/api/offer/{id}', { exact: true }).first()).toBeVisible();
});
