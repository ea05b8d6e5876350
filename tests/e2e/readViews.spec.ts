import type { Page } from '@playwright/test';
import { expect, test } from './cspGuard';
import { DEMO_ROLE_ADMINS } from '../../server/seed/demoAdmins';
import { apiAs, expectRecordPage, signIn } from './helpers';

/** The page's fields that take typing: inputs, text areas and editable elements neither read-only nor disabled. */
const typeableFields = (page: Page) =>
  page.locator('#main-content').evaluate((main) =>
    Array.from(main.querySelectorAll<HTMLElement>('input, textarea, [contenteditable]'))
      .filter((element) =>
        element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement
          ? element.type !== 'hidden' && !element.readOnly && !element.disabled
          : element.getAttribute('contenteditable') !== 'false',
      )
      .map((element) => element.outerHTML.slice(0, 120)),
  );

test("support reads a company, an offer and a user with nothing to type into, the company's counts at the top", async ({ page }) => {
  const support = DEMO_ROLE_ADMINS.find((admin) => admin.role === 'support');
  if (!support) throw new Error('no demo support admin');
  await page.goto('/');
  await signIn(page, support);
  const api = await apiAs(page);
  const [company] = (await api.post('/company/search', { offset: 0 })).data as Array<{ _id: string }>;
  const [offer] = (await api.post('/offer/search', { offset: 0 })).data as Array<{ _id: string; title: string }>;
  const [user] = (await api.post('/user/search', { offset: 0 })).data as Array<{ _id: string; email: string }>;
  if (!company || !offer || !user) throw new Error('no demo company, offer or user');
  const { data: counts } = (await api.get(`/company/${company._id}/summary`)) as { data: Record<string, number> };
  expect(counts.users).toBe((await api.post('/user/search', { organisation_id: company._id, offset: 0 })).total);

  await page.goto(`/company/${company._id}`);
  await expectRecordPage(page, /\/company\/[a-f0-9]{24}$/);
  const summary = page.getByRole('region', { name: 'Summary' });
  for (const key of ['users', 'offers', 'needs', 'rooms', 'pending_credit_requests'])
    await expect(summary.getByTestId(`summary-${key}`)).toContainText(String(counts[key]));
  await expect(page.getByTestId('tab-count-users')).toHaveText(String(counts.users));
  expect(await typeableFields(page)).toEqual([]);

  await page.goto(`/offer/${offer._id}`);
  await expect(page.getByText(offer.title).first()).toBeVisible();
  expect(await typeableFields(page)).toEqual([]);

  await page.goto(`/user/${user._id}`);
  await expect(page.getByText(user.email)).toBeVisible();
  expect(await typeableFields(page)).toEqual([]);
});
