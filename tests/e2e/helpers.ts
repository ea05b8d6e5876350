import { expect, type Page } from '@playwright/test';
import { DEMO_CREDENTIALS } from '../../server/seed/demoAdmins';

export { DEMO_CREDENTIALS };

/** Signs in through the /auth screen (from wherever the console sent us). */
export async function signIn(page: Page, credentials: { email: string; password: string } = DEMO_CREDENTIALS) {
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Profile' })).toBeVisible();
}

/** The toast of the moment (react-admin renders it in an MUI Snackbar). */
export const toast = (page: Page, text: string) => page.locator('.MuiSnackbarContent-message', { hasText: text });
