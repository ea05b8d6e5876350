import { readFile } from 'node:fs/promises';
import { expect, test } from './cspGuard';
import { readCsv } from '../helpers/csvFile';
import { apiAs, choose, signIn, toast } from './helpers';

test.describe('export and bulk actions, end to end', () => {
  test('Export on /need downloads the whole filtered result as CSV', async ({ page }) => {
    await page.goto('/need');
    await signIn(page);
    await page.goto('/need');
    await expect(page.locator('tbody tr')).toHaveCount(10);
    const search = await (await apiAs(page)).post('/need/search', { emergency: 'Maintenant' });
    expect(search.total).toBeGreaterThan(10);
    await choose(page, page.getByRole('combobox', { name: 'Urgency' }), 'Maintenant');
    // The URL changes before the list has taken the filter: its paginator tells when it has.
    await expect(page.getByLabel('Current page')).toHaveText(`1 / ${Math.ceil(search.total / 10)}`);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const file = await (await download).path();
    const bytes = await readFile(file);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = readCsv(bytes.toString('utf8'));
    expect(csv.header).toEqual(['id', 'organisation_id', 'organisation_name', 'description', 'emergency', 'created_at']);

    expect(csv.rows).toHaveLength(search.total);
    for (const row of csv.rows) expect(row.emergency).toBe('Maintenant');
  });

  test('Set status on two selected needs', async ({ page }) => {
    await page.goto('/need');
    await signIn(page);
    await page.goto('/need');
    const rows = page.locator('tbody tr');
    await expect(rows).toHaveCount(10);
    const api = await apiAs(page);
    // The list's default order (newest first), as the API gives it.
    const listed = await api.post('/need/search', { sort: { created_at: -1 } });
    const [first, second] = listed.data as { id: string; description: string; status: string }[];
    if (!first || !second) throw new Error('the demo data has fewer than two needs');
    await expect(rows.nth(0)).toContainText(first.description.slice(0, 20));
    await expect(rows.nth(1)).toContainText(second.description.slice(0, 20));
    const status = first.status === 'non dispo' ? 'été traité' : 'non dispo';

    await rows.nth(0).getByRole('checkbox').check();
    await rows.nth(1).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Set status' }).click();
    await page.getByRole('menuitem', { name: status, exact: true }).click();
    await expect(toast(page, '2 updated.')).toBeVisible();
    const updated = await api.post('/need/search', { status, sort: { created_at: -1 } });
    const ids = (updated.data as { id: string }[]).map((need) => need.id);
    expect(ids).toEqual(expect.arrayContaining([first.id, second.id]));
  });

  test('Bulk delete on /company reports the company that still has users and keeps it', async ({ page }) => {
    await page.goto('/company');
    await signIn(page);
    await page.goto('/company');
    await expect(page.locator('tbody tr')).toHaveCount(10);
    const api = await apiAs(page);
    const user = ((await api.post('/user/search', {})).data as { organisation_id: string; organisation_name: string }[])[0];
    if (!user) throw new Error('the demo data has no user');
    const busy = user.organisation_name;
    const created = await api.post('/company', { name: `${busy} vide`, logo_url: 'https://example.com/logo.png' });
    expect(created.ok).not.toBe(false);

    await page.getByPlaceholder('Search').fill(busy);
    const rows = page.locator('tbody tr');
    await expect(rows).toHaveCount(2);
    await rows.nth(0).getByRole('checkbox').check();
    await rows.nth(1).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete 2 companies?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, `1 deleted, 1 refused — ${busy}:`)).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(busy);
    const left = (await api.post('/company/search', { search: busy })).data as { name: string }[];
    // The empty one (named after it) is gone, the one with users is kept.
    expect(left.map((company) => company.name)).toEqual([busy]);
  });
});
