import type { CDPSession, Page } from '@playwright/test';
import { PASSKEY_BASE_URL } from '../../playwright.config';
import { expect, test } from './cspGuard';
import { DEMO_CREDENTIALS, apiAs, signIn, toast } from './helpers';

// WebAuthn needs a host name: this file's pages are on the server whose console is at localhost.
test.use({ baseURL: PASSKEY_BASE_URL });

/** Chromium's virtual authenticator (DevTools protocol, WebAuthn domain): a platform passkey that checks its holder. */
async function addVirtualAuthenticator(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return cdp;
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
}

test('an admin registers a passkey from the Security tab, signs in with it alone and as the second factor, and proves with it to remove it', async ({
  page,
}) => {
  await addVirtualAuthenticator(page);
  await page.goto('/');
  await signIn(page);
  await page.goto('/account');
  await page.getByRole('tab', { name: 'Security' }).click();
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await page.getByLabel('Passkey name').fill('Virtual laptop');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(toast(page, 'Passkey added')).toBeVisible();
  const passkeys = page.getByRole('table', { name: 'Passkeys' });
  await expect(passkeys.getByRole('cell', { name: 'Virtual laptop', exact: true })).toBeVisible();
  await expect(passkeys.getByRole('cell', { name: 'Never', exact: true })).toBeVisible();

  // Without e-mail or password: the passkey names the admin.
  await signOut(page);
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page.getByRole('button', { name: 'Profile' })).toBeVisible();
  await page.goto('/account');
  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(passkeys.getByRole('cell', { name: 'Never', exact: true })).toHaveCount(0);

  // The password alone no longer opens the console: the passkey is the second step.
  await signOut(page);
  await page.getByLabel('Email').fill(DEMO_CREDENTIALS.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_CREDENTIALS.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await expect(page.getByLabel('Authentication code')).toHaveCount(0);
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page.getByRole('button', { name: 'Profile' })).toBeVisible();

  // Removing a passkey needs a recent proof: past the window, the step-up dialog takes a passkey too.
  expect(await (await apiAs(page)).post('/dev/session/stale_proof', {})).toMatchObject({ ok: true });
  await page.goto('/account');
  await page.getByRole('tab', { name: 'Security' }).click();
  await page.getByRole('button', { name: 'Remove Virtual laptop' }).click();
  await page.getByRole('button', { name: 'Remove', exact: true }).click();
  await page.getByRole('dialog', { name: 'Confirm it is you' }).getByRole('button', { name: 'Use a passkey' }).click();
  await expect(toast(page, 'Passkey removed')).toBeVisible();
  await expect(passkeys).toHaveCount(0);
});

test('a finance admin, who must enrol a second factor, lands on the Security tab even after a reload, and enrols with a passkey', async ({ page }) => {
  await addVirtualAuthenticator(page);
  // What a screen asked for and was refused (calls made on a timer, such as the approvals count, show nothing when refused).
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403 && !response.request().headers()['x-background-call']) refused.push(response.url());
  });
  await page.goto('/');
  await signIn(page, { email: 'finance@example.com', password: 'demo-finance-1' });
  await expect(page).toHaveURL(/\/account#security$/);

  // A reload elsewhere opens on the Security tab too, before any screen asks for what the session may not read.
  await page.goto('/company');
  await expect(page).toHaveURL(/\/account#security$/);
  await expect(page.getByRole('tab', { name: 'Security', selected: true })).toBeVisible();
  // The menu offers nothing the session may not open yet.
  const menu = page.getByRole('navigation', { name: 'Main' });
  await expect(menu.getByRole('menuitem')).toHaveCount(0);
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await page.getByLabel('Passkey name').fill('Finance laptop');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(toast(page, 'Passkey added')).toBeVisible();
  expect(refused).toEqual([]);

  // Enrolled: the console is open, without a reload.
  await menu.getByRole('menuitem', { name: 'Companies' }).click();
  await expect(page.locator('tbody tr')).toHaveCount(10);
  await expect(page).toHaveURL(/\/company$/);
  await expect(menu.getByRole('menuitem', { name: 'Dashboard' })).toBeVisible();
  expect(refused).toEqual([]);
});
