import type { Response } from '@playwright/test';
import { expect, test } from './cspGuard';

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
