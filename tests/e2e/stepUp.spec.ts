import type { Page } from '@playwright/test';
import { expect, test } from './cspGuard';
import { DEMO_CREDENTIALS, apiAs, signIn, toast } from './helpers';

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await signIn(page);
  // Past the step-up window (STEP_UP_MINUTES) without waiting: the development helper ages this session's last proof.
  expect(await (await apiAs(page)).post('/dev/session/stale_proof', {})).toMatchObject({ ok: true });
});

/** The first row's 'Login as' in the Users list. */
const firstLoginAs = async (page: Page) => {
  await page.getByRole('menuitem', { name: 'Users' }).click();
  const row = page.locator('tbody tr').first();
  await expect(row).toBeVisible();
  return row.getByRole('button', { name: 'Login as' });
};

test("'Login as' after the step-up window asks for the password first, then proceeds", async ({ page, context }) => {
  const loginAs = await firstLoginAs(page);
  const connectRequest = context.waitForEvent('request', (request) => request.url().includes('/connect?'));
  const blankTab = context.waitForEvent('page');
  await loginAs.click();

  // The refused call waits on the dialog: no tab goes to the app yet, and the admin is still signed in.
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(dialog).toBeVisible();
  // The blank tab, which the browser focused, closes so that the admin sees the dialog.
  await expect.poll(async () => (await blankTab).isClosed()).toBe(true);
  await expect(dialog).toContainText('This action needs a recent sign-in. Enter your password to go on.');

  // A wrong password is shown in the dialog, which stays.
  await dialog.getByLabel('Password', { exact: true }).fill('not-my-password-1');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('Wrong password.')).toBeVisible();

  await dialog.getByLabel('Password', { exact: true }).fill(DEMO_CREDENTIALS.password);
  const appTab = context.waitForEvent('page');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();

  // The same call went again: a new tab, opened by the Confirm click, reaches the app's connect route with a single-use token.
  expect(await appTab).not.toBe(await blankTab);
  expect((await connectRequest).url()).toMatch(/\/connect\?user_id=[a-f0-9]{24}&token=[\w-]+$/);
  await expect(page).toHaveURL(/\/user/);

  // Proven, the next dangerous call goes at once.
  const nextRequest = context.waitForEvent('request', (request) => request.url().includes('/connect?'));
  await loginAs.click();
  await nextRequest;
  await expect(dialog).toHaveCount(0);

  const trail = await (await apiAs(page)).post('/audit/search', { action: 'reauth' });
  expect(trail).toMatchObject({ ok: true, data: expect.arrayContaining([expect.objectContaining({ action: 'reauth', entity: 'admin' })]) });
});

test("cancelling the step-up leaves the admin signed in, with the call's refusal shown", async ({ page, context }) => {
  const loginAs = await firstLoginAs(page);
  const popup = context.waitForEvent('page');
  await loginAs.click();
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  // The blank tab opened for the app closes as the dialog opens.
  await expect(dialog).toBeVisible();
  await expect.poll(async () => (await popup).isClosed()).toBe(true);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'REAUTH_REQUIRED')).toBeVisible();
  // No tab goes to the app, and the console stays where it was.
  expect(context.pages()).toEqual([page]);
  await expect(page).toHaveURL(/\/user/);
  await expect(page.getByRole('button', { name: 'Profile' })).toBeVisible();
});

test('creating an administrator after the step-up window asks for the password first, then creates them', async ({ page }) => {
  await page.getByRole('menuitem', { name: 'Admins' }).click();
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'Create new administrator' });
  await form.getByLabel('Name').fill('Step Up Newcomer');
  await form.getByLabel('Email').fill(`step.up.${Date.now()}@example.com`);
  await form.getByRole('button', { name: 'Create', exact: true }).click();

  const proof = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(proof).toBeVisible();
  await proof.getByLabel('Password', { exact: true }).fill(DEMO_CREDENTIALS.password);
  await proof.getByRole('button', { name: 'Confirm' }).click();
  await expect(proof).toBeHidden();
  await expect(toast(page, 'Admin created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/[a-f0-9]{24}$/);
});

test('changing one’s own e-mail after the step-up window asks for the password first, and tells the old address', async ({ page }) => {
  const moved = `admin.moved.${Date.now()}@example.com`;
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Your Account', level: 1 })).toBeVisible();
  await page.getByLabel('Email').fill(moved);
  await page.getByRole('button', { name: 'Update' }).click();

  const proof = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(proof).toBeVisible();
  await proof.getByLabel('Password', { exact: true }).fill(DEMO_CREDENTIALS.password);
  await proof.getByRole('button', { name: 'Confirm' }).click();
  await expect(proof).toBeHidden();
  await expect(toast(page, 'Profile Updated successfully!')).toBeVisible();
  const api = await apiAs(page);
  expect(await api.get(`/dev/outbox?to=${encodeURIComponent(DEMO_CREDENTIALS.email)}`)).toMatchObject({
    data: { subject: expect.stringContaining('your sign-in address was changed') },
  });

  // Proven now, the way back goes at once: the demo admin keeps the address the other tests sign in with.
  await page.getByLabel('Email').fill(DEMO_CREDENTIALS.email);
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'Profile Updated successfully!').last()).toBeVisible();
  await expect(proof).toHaveCount(0);
  expect((await api.get('/admin/sessions')).ok).toBe(true);
});
