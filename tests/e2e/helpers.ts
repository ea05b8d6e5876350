import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO_CREDENTIALS } from '../../server/seed/demoAdmins';

export { DEMO_CREDENTIALS };

/** Signs in through the /auth screen (from wherever the console sent us). */
export async function signIn(page: Page, credentials: { email: string; password: string } = DEMO_CREDENTIALS) {
  await expect(page).toHaveURL(/\/auth$/);
  const button = page.getByRole('button', { name: 'Sign in' });
  // The sign-in screen may still be settling right after a sign-out: fill until the form holds both.
  await expect(async () => {
    await page.getByLabel('Email').fill(credentials.email);
    await page.getByLabel('Password', { exact: true }).fill(credentials.password);
    await expect(button).toBeEnabled({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await button.click();
  await expect(page.getByRole('button', { name: 'Profile' })).toBeVisible();
}

/** The toast of the moment (react-admin renders it in an MUI Snackbar). */
export const toast = (page: Page, text: string) => page.locator('.MuiSnackbarContent-message', { hasText: text });

/** Calls the API as the signed-in admin of `page` (the token comes from the session cookie, as at start-up). */
export async function apiAs(page: Page) {
  const session = await (await page.request.get('/api/admin/signin_token')).json();
  const headers = { authorization: `JWT ${session.token as string}` };
  return {
    get: async (path: string) => (await page.request.get(`/api${path}`, { headers })).json(),
    post: async (path: string, data: object) => (await page.request.post(`/api${path}`, { headers, data })).json(),
    delete: async (path: string) => (await page.request.delete(`/api${path}`, { headers })).json(),
  };
}

/**
 * The link of the last e-mail queued for `email` whose subject contains `subject` (development
 * helper over the outbox). A recovery mail is queued just after the answer, so this waits for it.
 */
export async function linkFromOutbox(page: Page, email: string, subject: string): Promise<string> {
  const api = await apiAs(page);
  let link: string | undefined;
  await expect(async () => {
    const mail = await api.get(`/dev/outbox?to=${encodeURIComponent(email)}`);
    expect(mail.data?.subject ?? '').toContain(subject);
    link = /https?:\/\/\S+\/auth\/reset\?token=\S+/.exec(mail.data?.body ?? '')?.[0];
    expect(link).toBeDefined();
  }).toPass({ timeout: 10_000 });
  if (!link) throw new Error(`no link in the last mail to ${email}`);
  return new URL(link).pathname + new URL(link).search;
}

/** Picks an option of an MUI select, again if a re-render closed the menu first. */
export async function choose(page: Page, combobox: Locator, option: string) {
  await expect(async () => {
    if (!(await page.getByRole('listbox').isVisible())) await combobox.click();
    await page.getByRole('option', { name: option, exact: true }).click({ timeout: 2000 });
    await expect(combobox).toHaveText(option, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * Fills a field until it holds the value and the form's submit button is enabled. An auth screen can be
 * mounted again in its first few milliseconds (seen right after arriving from /auth), which empties the field
 * and its state: checking the button, not only the field, proves the form itself took the value.
 */
export async function fillSteadily(field: Locator, value: string, submit: Locator) {
  await expect(async () => {
    await field.fill(value);
    await expect(field).toHaveValue(value, { timeout: 1000 });
    await expect(submit).toBeEnabled({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

/**
 * After a create modal: the new record's page is on screen. The URL changes first, and while the record
 * view's code loads the list stays, its closing dialog still showing the typed fields; so wait for the
 * dialog to go and the record's tabs to come.
 */
export async function expectRecordPage(page: Page, path: RegExp) {
  await expect(page).toHaveURL(path);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Information' })).toBeVisible();
}

/**
 * Sorts a list by a column's header until the address says so. The header's label names the order a click asks for
 * ("Sort by price descending"); a click that lands while the list re-renders can be lost (seen in CI), and another
 * click on the same label asks for the same order, so trying again is safe.
 */
export async function sortListBy(page: Page, column: { label: string; field: string }, order: 'ASC' | 'DESC') {
  const sorted = (url: URL) => url.searchParams.get('sort') === column.field && url.searchParams.get('order') === order;
  const header = page.getByRole('button', { name: `Sort by ${column.label} ${order === 'ASC' ? 'ascending' : 'descending'}` });
  await expect(async () => {
    if (!sorted(new URL(page.url()))) await header.click({ timeout: 2000 });
    await expect(page).toHaveURL(sorted, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
}
