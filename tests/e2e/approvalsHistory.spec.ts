import type { Locator, Page } from '@playwright/test';
import { DEMO_ROLE_ADMINS } from '../../server/seed/demoAdmins';
import { expect, test } from './cspGuard';
import { apiAs, signIn } from './helpers';

const demoAdmin = (role: (typeof DEMO_ROLE_ADMINS)[number]['role']) => {
  const admin = DEMO_ROLE_ADMINS.find((one) => one.role === role);
  if (!admin) throw new Error(`no demo ${role} admin`);
  return admin;
};

/** The button is wholly inside the page's width. */
async function expectInsideViewport(page: Page, button: Locator) {
  const box = await button.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box && box.x >= 0 && box.x + box.width <= width, `${await button.textContent()} inside ${width} px`).toBe(true);
}

const credits = (balance: number) => `${balance > 0 ? '+' : ''}${balance} credit`;

test('issue 40: finance decides on a phone with both balances in view; operations reads the rejection and its reason', async ({ page, browser }) => {
  // Operations asks for two adjustments (each of theirs waits for a second admin), on a company no other test credits.
  await page.goto('/approvals');
  await signIn(page, demoAdmin('operations'));
  const operationsApi = await apiAs(page);
  const [company] = (await operationsApi.post('/company/search', { search: 'Opale', offset: 0 })).data as Array<{ _id: string; credit_balance: number }>;
  if (!company) throw new Error('no demo company named Opale');
  const ask = async (amount: number, reason: string) =>
    ((await operationsApi.post(`/company/${company._id}/credit`, { amount, reason })).data as { _id: string })._id;
  const refused = await ask(1500, 'E2E history refused');
  const weighed = await ask(2000, 'E2E history weighed');

  // Finance, on a 390 × 844 phone: the request is a card, both buttons on screen; the dialog shows the balance now and after.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const financePage = await phone.newPage();
  try {
    await financePage.goto('/approvals');
    await signIn(financePage, demoAdmin('finance'));
    // Signing in opens the dashboard.
    await financePage.goto('/approvals');
    const card = financePage.getByTestId('compact-list').locator('li', { hasText: 'E2E history weighed' });
    for (const name of ['Approve', 'Reject']) await expectInsideViewport(financePage, card.getByRole('button', { name }));
    await card.getByRole('button', { name: 'Approve' }).click();
    const dialog = financePage.getByRole('dialog', { name: 'Approve this adjustment?' });
    await expect(dialog).toContainText(`${credits(company.credit_balance)} → ${credits(company.credit_balance + 2000)}`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await (await apiAs(financePage)).post(`/credit_request/${refused}/reject`, { reason: 'E2E no proof attached' });
  } finally {
    // Nothing left waiting for the other tests.
    await (await apiAs(financePage)).post(`/credit_request/${weighed}/reject`, { reason: 'E2E tidy up' });
    await phone.close();
  }

  // The requester: their own rejected requests, with the reason.
  await page.goto('/approvals');
  await page.getByRole('button', { name: 'Mine' }).click();
  await page.getByRole('tab', { name: 'Rejected' }).click();
  await expect(page.locator('tbody tr', { hasText: 'E2E history refused' })).toContainText('E2E no proof attached');
});
