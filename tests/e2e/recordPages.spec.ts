import type { Page } from '@playwright/test';
import { expect, test } from './cspGuard';
import { apiAs, signIn } from './helpers';

interface Found {
  _id: string;
  name?: string;
  organisation_id?: string | null;
}

/** The first record the API's search gives for `resource` (the demo data set has some of each). */
async function firstRecord(page: Page, resource: string): Promise<Found> {
  const answer = (await (await apiAs(page)).post(`/${resource}/search`, { search: '', offset: 0 })) as { data: Found[] };
  const record = answer.data[0];
  if (!record) throw new Error(`no ${resource} in the demo data`);
  return record;
}

/** How far the page scrolls sideways (0 when it fits the window). */
const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe('record pages', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
    await signIn(page);
  });

  test('a link to a tab opens it, after a reload too; a tab switch replaces the address, so Back leaves the record', async ({ page }) => {
    const company = await firstRecord(page, 'company');
    await page.goto(`/company/${company._id}/comments`);
    await expect(page.getByRole('tab', { name: 'Comments', selected: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add comment' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Comments', selected: true })).toBeVisible();
    await expect(page.getByLabel('New comment')).toBeVisible();

    await page.getByRole('menuitem', { name: 'Companies' }).click();
    await page.locator('tbody tr').first().click();
    await expect(page.getByRole('tab', { name: 'Information', selected: true })).toBeVisible();
    await page.getByRole('tab', { name: 'Sync' }).click();
    await expect(page).toHaveURL(/\/company\/[0-9a-f]{24}\/sync$/);
    await page.getByRole('tab', { name: 'Raw Data' }).click();
    await expect(page).toHaveURL(/\/company\/[0-9a-f]{24}\/raw-data$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/company$/);
  });

  test('the page and the browser tab are titled by the record', async ({ page }) => {
    const company = await firstRecord(page, 'company');
    await page.goto(`/company/${company._id}`);
    await expect(page).toHaveTitle(`${company.name} · Companies — Admin Platform`);
    await expect(page.locator('#react-admin-title')).toHaveText(`${company.name} · Companies`);
    await page.getByRole('menuitem', { name: 'Companies' }).click();
    await expect(page).toHaveTitle('Companies — Admin Platform');
  });

  test('leaving an edited company by the menu asks first: Cancel keeps the edit, OK leaves', async ({ page }) => {
    const company = await firstRecord(page, 'company');
    await page.goto(`/company/${company._id}`);
    const city = page.getByLabel('City');
    await city.fill('Ville pas encore enregistrée');

    // Another tab of the record is not leaving it: no question, and the edit is still there.
    const questions: string[] = [];
    page.on('dialog', (dialog) => {
      questions.push(dialog.message());
      void (questions.length === 1 ? dialog.dismiss() : dialog.accept());
    });
    await page.getByRole('tab', { name: 'Comments' }).click();
    await expect(page).toHaveURL(/\/comments$/);
    // Back on the first tab: a click while the Comments tab's code still loads was seen lost once, so it is tried again.
    await expect(async () => {
      await page.getByRole('tab', { name: 'Information' }).click();
      await expect(page).toHaveURL(new RegExp(`/company/${company._id}$`), { timeout: 2000 });
    }).toPass({ timeout: 15_000 });
    await expect(city).toHaveValue('Ville pas encore enregistrée');
    expect(questions).toEqual([]);

    await page.getByRole('menuitem', { name: 'Users' }).click();
    await expect.poll(() => questions.length).toBe(1);
    expect(questions[0]).toContain("Some of your changes weren't saved");
    await expect(page).toHaveURL(new RegExp(`/company/${company._id}$`));
    await expect(city).toHaveValue('Ville pas encore enregistrée');

    // react-admin asks again only once the page has rendered the cancelled leave (its confirm runs from an effect
    // on the blocker's state): a person cannot click within a frame, a test can, so it lets the page paint first.
    await page.evaluate(() => new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted))));
    await page.getByRole('menuitem', { name: 'Users' }).click();
    await expect(page).toHaveURL(/\/user$/);
    expect(questions).toHaveLength(2);
  });

  test('on a phone (360 × 740) no record page or tab scrolls sideways; tables scroll inside their own region', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const pages: Array<{ resource: string; tabs: string[] }> = [
      { resource: 'company', tabs: ['Information', 'Users', 'Comments', 'Sync', 'Credits', 'History', 'Raw Data'] },
      { resource: 'admin', tabs: ['Information', 'History', 'Raw Data'] },
      { resource: 'user', tabs: ['Information', 'History', 'Raw Data'] },
      { resource: 'offer', tabs: ['Information', 'History', 'Raw Data'] },
      { resource: 'need', tabs: ['Information', 'History', 'Raw Data'] },
    ];
    for (const { resource, tabs } of pages) {
      const record = await firstRecord(page, resource);
      await page.goto(`/${resource}/${record._id}`);
      const tabList = page.getByRole('tablist', { name: 'Record sections' });
      for (const tab of tabs) {
        // The scrollable strip slides the tab just chosen into view: a tap that lands while it moves is tried again.
        await expect(async () => {
          await tabList.getByRole('tab', { name: tab }).click();
          await expect(tabList.getByRole('tab', { name: tab, selected: true })).toBeVisible({ timeout: 1_000 });
        }).toPass({ timeout: 10_000 });
        await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
        expect(await sidewaysScroll(page), `/${resource}/${record._id} ${tab}`).toBeLessThanOrEqual(0);
      }
    }

    // The company's users: a table wider than the phone, scrolled inside its focusable region.
    const { organisation_id: companyWithUsers } = await firstRecord(page, 'user');
    await page.goto(`/company/${companyWithUsers}/users`);
    const region = page.getByRole('region', { name: 'Users' });
    await expect(region.locator('tbody tr').first()).toBeVisible();
    expect(await region.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await region.focus();
    await expect(region).toBeFocused();
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);

    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'Your Account', level: 1 })).toBeVisible();
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  });
});
