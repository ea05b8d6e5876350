import { expect, test } from './cspGuard';
import { signIn } from './helpers';

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await signIn(page);
});

test('dashboard: trend charts drawn from the server, needs-by-urgency and by-status figures open the filtered /need list', async ({ page }) => {
  const trends = page.getByRole('region', { name: 'New records per week' });
  await expect(trends.getByRole('heading', { name: 'New records per week', level: 2 })).toBeVisible();
  // The chart (MUI X Charts, its own chunk): four lines over the twelve weeks of the figures' table, the ticks
  // labelled DD/MM (the library leaves out a label that would touch its neighbour: every other one here).
  await expect(trends.locator('svg path.MuiLineElement-root')).toHaveCount(4);
  const weeks = (await trends.locator('table tbody th').allTextContents()).map((week) => week.slice(0, 5));
  expect(weeks).toHaveLength(12);
  const ticks = trends.locator('svg').getByText(/^\d{2}\/\d{2}$/);
  await expect(ticks.first()).toBeVisible();
  const tickLabels = await ticks.allTextContents();
  expect(tickLabels.length).toBeGreaterThanOrEqual(6);
  expect(tickLabels.filter((tick) => weeks.includes(tick))).toEqual(tickLabels);
  await expect(page.getByRole('region', { name: 'Credit movements per week' }).locator('svg .MuiBarElement-root').first()).toBeVisible();

  const urgency = page.getByRole('region', { name: 'Needs by urgency' });
  const figure = urgency.getByRole('link').first();
  const label = (await figure.locator('span').first().textContent()) ?? '';
  const count = Number(await figure.locator('span').last().textContent());
  await expect(figure).toHaveAccessibleName(`${label}: ${count}`);
  await figure.click();
  await expect(page).toHaveURL(`/need?filter=${encodeURIComponent(JSON.stringify({ emergency: label }))}`);
  await expect(page.getByRole('combobox', { name: 'Urgency' })).toHaveText(label);
  const rows = page.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  for (const urgencyCell of await rows.locator('td.column-emergency').allTextContents()) expect(urgencyCell).toBe(label);
  await expect(page.getByText(new RegExp(`^1 / ${Math.max(1, Math.ceil(count / 10))}$`))).toBeVisible();

  // A needs-by-status figure: the list shows the Status filter it set, and the server applies it.
  await page.goBack();
  const status = page.getByRole('region', { name: 'Needs by status' }).getByRole('link').last();
  const statusLabel = (await status.locator('span').first().textContent()) ?? '';
  const statusCount = Number(await status.locator('span').last().textContent());
  await status.click();
  await expect(page).toHaveURL(`/need?filter=${encodeURIComponent(JSON.stringify({ status: statusLabel }))}`);
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText(statusLabel);
  await expect(page.getByText(new RegExp(`^1 / ${Math.max(1, Math.ceil(statusCount / 10))}$`))).toBeVisible();
});

test('dashboard on a 360 px phone: no sideways scroll, the charts fit the screen', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const chart = page.getByRole('region', { name: 'Needs by domain' }).locator('svg').first();
  await expect(chart).toBeVisible();
  await expect(page.getByRole('region', { name: 'New records per week' }).locator('svg').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect((await chart.boundingBox())?.width ?? 0).toBeLessThanOrEqual(360);
});
