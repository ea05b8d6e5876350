import type { Page } from '@playwright/test';
import { expect, test } from './cspGuard';
import { apiAs, signIn } from './helpers';

/** The page is no wider than the screen: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page, screen: string) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${screen} scrolls sideways`).toBeLessThanOrEqual(clientWidth);
}

/** The element is inside the screen's width. */
async function expectOnScreen(page: Page, name: string) {
  const box = await page.getByRole('button', { name, exact: true }).boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box && box.x >= 0 && box.x + box.width <= width, `${name} is on screen`).toBe(true);
}

const LISTS = [
  { path: '/admin', create: true },
  { path: '/user', create: false },
  { path: '/company', create: true },
  { path: '/offer', create: true },
  { path: '/need', create: true },
  { path: '/message', create: false },
];

for (const viewport of [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
]) {
  test(`on a ${viewport.width} px phone, no list, the audit trail, Bank or chat screen scrolls sideways`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await signIn(page);
    for (const { path, create } of LISTS) {
      await page.goto(path);
      // The compact rows, their paginator and, where the list has one, its Create button.
      await expect(page.getByTestId('compact-list').getByRole('link').first()).toBeVisible();
      await expect(page.getByLabel('Current page')).toBeVisible();
      await expect(page.locator('table')).toHaveCount(0);
      await expectNoSidewaysScroll(page, path);
      if (create) await expectOnScreen(page, 'Create');
    }

    // The audit trail: compact rows too (not links: an event is not a page), its five filters wrapped.
    await page.goto('/audit');
    await expect(page.getByTestId('compact-list').getByRole('listitem').first()).toBeVisible();
    await expect(page.getByLabel('Current page')).toBeVisible();
    await expect(page.locator('table')).toHaveCount(0);
    await expectNoSidewaysScroll(page, '/audit');

    await page.goto('/bank');
    await expect(page.getByRole('button', { name: /^Delete image of / }).first()).toBeVisible();
    await expectNoSidewaysScroll(page, '/bank');

    const rooms = await (await apiAs(page)).post('/room/search', { search: '', offset: 0 });
    await page.goto(`/message/${String(rooms.rooms[0]._id)}`);
    await expect(page.getByTestId('message').first()).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeInViewport();
    await expectNoSidewaysScroll(page, '/message/{room_id}');
  });
}

test('by keyboard alone: sort the companies, open a row with Enter, come back to the same list', async ({ page }) => {
  await page.goto('/');
  await signIn(page);
  await page.goto('/company');
  await expect(page.locator('tbody tr')).toHaveCount(10);

  /** Presses Tab until the focused element matches, as a keyboard user would. */
  const tabUntil = async (matches: () => Promise<boolean>, what: string) => {
    for (let presses = 0; presses < 60; presses += 1) {
      await page.keyboard.press('Tab');
      if (await matches()) return;
    }
    throw new Error(`Tab never reached ${what}`);
  };
  const firstRow = page.locator('tbody tr').first();
  const newestName = (await firstRow.locator('td.column-name').textContent()) ?? '';
  const sortByName = page.getByRole('button', { name: /^Sort by name/ });
  await tabUntil(() => sortByName.evaluate((button) => button === document.activeElement), 'the name header');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]sort=name(&|$)/);
  await expect(page).toHaveURL(/[?&]order=ASC(&|$)/);
  await expect(firstRow.locator('td.column-name')).not.toHaveText(newestName);

  await tabUntil(() => firstRow.evaluate((row) => row === document.activeElement), 'the first row');
  // The focused row shows it.
  expect(await firstRow.evaluate((row) => getComputedStyle(row).outlineStyle)).not.toBe('none');
  const listUrl = page.url();
  const firstName = (await firstRow.locator('td.column-name').textContent()) ?? '';
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/company\/[a-f0-9]{24}$/);
  await expect(page.getByRole('tab', { name: 'Information' })).toBeVisible();

  // The browser's Back (headless Chromium has no Alt+ArrowLeft shortcut of its own).
  await page.goBack();
  await expect(page).toHaveURL(listUrl);
  await expect(page.locator('tbody tr').first().locator('td.column-name')).toHaveText(firstName);
  await expect(sortByName).toHaveClass(/Mui-active.*directionAsc/);
});

test('a create modal keeps the focus inside and gives it back to its button', async ({ page }) => {
  await page.goto('/');
  await signIn(page);
  await page.goto('/need');
  const opener = page.getByRole('button', { name: 'Create', exact: true });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  for (let presses = 0; presses < 12; presses += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test('a link to a filtered, sorted page 2 shows that page, and again after a reload', async ({ page }) => {
  await page.goto('/');
  await signIn(page);
  const filter = encodeURIComponent(JSON.stringify({ emergency: 'Maintenant' }));
  await page.goto(`/need?filter=${filter}&sort=organisation_name&order=ASC&page=2&perPage=10`);
  const rows = page.locator('tbody tr');
  await expect(page.getByLabel('Current page')).toHaveText('2 / 3');
  await expect(page.getByRole('combobox', { name: 'Urgency' })).toHaveText('Maintenant');
  await expect(rows).toHaveCount(10);
  for (const urgency of await rows.locator('td.column-emergency').allTextContents()) expect(urgency).toBe('Maintenant');
  const organisations = await rows.locator('td.column-organisation_name').allTextContents();
  // The server sorts by code point ('Colibri' before 'Cèdre').
  expect(organisations).toEqual([...organisations].sort());

  await page.reload();
  await expect(page.getByLabel('Current page')).toHaveText('2 / 3');
  await expect(rows.locator('td.column-organisation_name')).toHaveText(organisations);
});
