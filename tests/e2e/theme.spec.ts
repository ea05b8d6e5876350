import { palettes } from '../../src/custom/layout/palette';
import type { Page } from '@playwright/test';
import { expect, test } from './cspGuard';
import { signIn } from './helpers';

/** The sign-in form's card (the console may still be leaving the page). */
const signInCard = (page: Page) => page.locator('.MuiCard-root', { has: page.getByRole('heading', { name: 'Sign in' }) });

/** `#rrggbb` as the browser reports a computed colour. */
const rgb = (hex: string) => {
  const [red, green, blue] = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
  return `rgb(${red}, ${green}, ${blue})`;
};

test.describe('light and dark', () => {
  test('the app bar toggle switches the console to dark, a reload keeps it, and the sign-in screen follows', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await signIn(page);
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(banner).toHaveCSS('background-color', rgb(palettes.light.appBar.background));

    await banner.getByRole('button', { name: 'Toggle light/dark mode' }).click();
    await expect(banner).toHaveCSS('background-color', rgb(palettes.dark.appBar.background));
    await expect(page.locator('body')).toHaveCSS('background-color', rgb(palettes.dark.background.default));

    await page.reload();
    await expect(banner.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(banner).toHaveCSS('background-color', rgb(palettes.dark.appBar.background));

    await banner.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(signInCard(page)).toHaveCSS('background-color', rgb(palettes.dark.background.paper));
  });

  test('without a choice the console follows the system', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/auth');
    await expect(signInCard(page)).toHaveCSS('background-color', rgb(palettes.dark.background.paper));
    await signIn(page);
    await expect(page.getByRole('banner')).toHaveCSS('background-color', rgb(palettes.dark.appBar.background));
  });

  test('the keyboard focus is outlined', async ({ page }) => {
    await page.goto('/');
    await signIn(page);
    const menu = page.getByRole('navigation', { name: 'Main' });
    await menu.getByRole('menuitem', { name: 'Dashboard' }).focus();
    await page.keyboard.press('ArrowDown');
    const admins = menu.getByRole('menuitem', { name: 'Admins' });
    await expect(admins).toBeFocused();
    await expect(admins).toHaveCSS('outline-style', 'solid');
    await expect(admins).toHaveCSS('outline-width', '2px');
  });
});
