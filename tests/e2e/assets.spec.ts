import type { Response } from '@playwright/test';
import { expect, test } from './cspGuard';
import { DEMO_CREDENTIALS, signIn as signInFromHere } from './helpers';

/** The build compresses every text asset of 1 KiB or more (vite.config.ts); smaller ones are not worth it. */
const COMPRESSED_FROM_BYTES = 1024;

test('the sign-in page loads its scripts brotli-compressed and cached for good, its page revalidated', async ({ page }) => {
  const scripts: Response[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('.js')) scripts.push(response);
  });
  const document = await page.goto('/auth');
  expect(document?.headers()['cache-control']).toBe('no-cache');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  let compressed = 0;
  for (const script of scripts) {
    const headers = script.headers();
    expect(headers['cache-control'], script.url()).toContain('immutable');
    if ((await script.body()).length < COMPRESSED_FROM_BYTES) continue;
    expect(headers['content-encoding'], script.url()).toBe('br');
    compressed += 1;
  }
  expect(compressed).toBeGreaterThan(0);
});

test('/auth fetches one script; typing fetches the console; once signed in, no menu click nor create dialog waits for a script', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/auth');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts).toHaveLength(1);
  expect(scripts.some((script) => script.includes('/console-'))).toBe(false);

  await page.getByLabel('Email').pressSequentially(DEMO_CREDENTIALS.email.slice(0, 3));
  await expect.poll(() => scripts.some((script) => script.includes('/console-'))).toBe(true);
  await page.getByLabel('Email').fill('');
  await signInFromHere(page);

  // The console fetches every screen while the browser is idle; after that, the menu opens screens from memory.
  await page.waitForLoadState('networkidle');
  // The menu's last screen, the account page, the step-up dialog, the dashboard's charts, the lists' power tools and the
  // quick find's dialog: each is fetched by its own idle task. The charts alone prove nothing: the dashboard fetches them itself
  // once its figures are drawn, possibly before the idle tasks reach the account page.
  for (const chunk of ['/AuditPage-', '/AccountPage-', '/StepUpProofForm-', '/charts-', '/listPowerTools-', '/QuickFindDialog-']) {
    await expect.poll(() => scripts.some((script) => script.includes(chunk)), { message: chunk, timeout: 15_000 }).toBe(true);
  }
  await page.waitForLoadState('networkidle');
  const fetchedBeforeClicks = scripts.length;
  const screens = {
    Admins: '/admin',
    Users: '/user',
    Companies: '/company',
    Offer: '/offer',
    Need: '/need',
    Bank: '/bank',
    Messages: '/message',
    Audit: '/audit',
  };
  for (const [label, path] of Object.entries(screens)) {
    await page.getByRole('menuitem', { name: label }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await page.waitForLoadState('networkidle');
  }
  // A list's create dialog and its inputs were fetched when idle too.
  await page.getByRole('menuitem', { name: 'Companies' }).click();
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Create company' }).getByLabel('Name')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.slice(fetchedBeforeClicks)).toEqual([]);
});
