import type { Page, Request } from '@playwright/test';
import { expect, test } from './cspGuard';
import { signIn } from './helpers';

const LISTS = [
  { path: '/admin', search: '/api/admin/search' },
  { path: '/user', search: '/api/user/search' },
  { path: '/company', search: '/api/company/search' },
  { path: '/offer', search: '/api/offer/search' },
  { path: '/need', search: '/api/need/search' },
  { path: '/message', search: '/api/room/search' },
  { path: '/audit', search: '/api/audit/search' },
];

const isSearch = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/search');

/**
 * Opens `path` as a new page load with the console's code held back until a search has left (at most `holdMs`): what
 * a slow network does to the console's download. Returns the searches sent and whether one left while it was held.
 */
async function openWithConsoleHeld(page: Page, path: string, holdMs: number) {
  const searches: string[] = [];
  let searchSent: () => void = () => undefined;
  const firstSearch = new Promise<void>((resolve) => (searchSent = resolve));
  const onRequest = (request: Request) => {
    if (!isSearch(request)) return;
    searches.push(`${new URL(request.url()).pathname} ${request.postData() ?? ''}`);
    searchSent();
  };
  page.on('request', onRequest);
  let sentWhileHeld = false;
  const consoleChunk = /\/assets\/console-[\w-]+\.js$/;
  await page.route(consoleChunk, async (route) => {
    sentWhileHeld = await Promise.race([firstSearch.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), holdMs))]);
    await route.continue();
  });
  await page.goto(path);
  await expect(page.getByLabel('Current page')).toHaveText(/^1 \/ /);
  // Whatever the list was going to send has gone by now.
  await page.waitForLoadState('networkidle');
  await page.unroute(consoleChunk);
  page.off('request', onRequest);
  return { searches, sentWhileHeld };
}

test("a list opened by its address gets its first search sent ahead by the page's entry, and sends it once", async ({ page }) => {
  await page.goto('/');
  await signIn(page);
  for (const { path, search } of LISTS) {
    const { searches, sentWhileHeld } = await openWithConsoleHeld(page, path, 5000);
    expect(sentWhileHeld, `${path}: the search left while the console's code was still downloading`).toBe(true);
    // The list's own searches: a filter's choices (the Audit page's Admin) are searched apart.
    const listSearches = searches.filter((sent) => sent.startsWith(`${search} `));
    expect(listSearches, `${path}: one search, the list's own taking the answer sent ahead`).toHaveLength(1);
    expect(listSearches[0]).toMatch(new RegExp(`^${search} \\{"offset":0`));
    expect(searches[0], `${path}: the list's search left first`).toBe(listSearches[0]);
  }
});

test('a list whose address carries its parameters sends only its own search, once the console runs', async ({ page }) => {
  await page.goto('/');
  await signIn(page);
  const { searches, sentWhileHeld } = await openWithConsoleHeld(page, '/company?order=ASC&page=1&perPage=10&sort=name', 1000);
  expect(sentWhileHeld).toBe(false);
  // The approvers' menu count of pending credit requests is asked once the list has its page, never before it.
  expect(searches.filter((search) => !search.startsWith('/api/credit_request/search '))).toEqual(['/api/company/search {"offset":0,"sort":{"name":1}}']);
  expect(searches[0]).toBe('/api/company/search {"offset":0,"sort":{"name":1}}');
});

test('a signed-out visit to a list sends no search: the page goes to /auth', async ({ page }) => {
  const searches: string[] = [];
  page.on('request', (request) => {
    if (isSearch(request)) searches.push(request.url());
  });
  await page.goto('/company');
  await expect(page).toHaveURL(/\/auth$/);
  await page.waitForLoadState('networkidle');
  expect(searches).toEqual([]);
});
