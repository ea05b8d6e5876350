import { expect, test } from './cspGuard';
import { DEMO_ROLE_ADMINS } from '../../server/seed/demoAdmins';
import { apiAs, expectRecordPage, signIn, toast } from './helpers';

const demoAdmin = (role: (typeof DEMO_ROLE_ADMINS)[number]['role']) => {
  const admin = DEMO_ROLE_ADMINS.find((one) => one.role === role);
  if (!admin) throw new Error(`no demo ${role} admin`);
  return admin;
};

test('a support admin sees a read-only console: no create, edit, delete, export, Adjust balance or Login as', async ({ page }) => {
  await page.goto('/');
  await signIn(page, demoAdmin('support'));
  await page.getByRole('button', { name: 'Profile' }).click();
  await expect(page.getByRole('menu')).toContainText('Support');
  await page.keyboard.press('Escape');

  // The menu leaves out the audit trail; what support may read is there.
  const menu = page.getByRole('navigation');
  await expect(menu.getByRole('menuitem', { name: 'Companies' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Audit' })).toHaveCount(0);

  // Companies: no Create, no Export, no selection for bulk actions.
  await menu.getByRole('menuitem', { name: 'Companies' }).click();
  await expect(page).toHaveURL(/\/company(\?|$)/);
  // The list itself, not the dashboard's tables it replaces: its sortable headers are there.
  await expect(page.getByRole('button', { name: 'Sort by name ascending' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Export', exact: true })).toHaveCount(0);
  await expect(page.getByRole('checkbox')).toHaveCount(0);

  // A company: read as text, nothing to type into, no Update, Delete or Adjust balance; support may still comment.
  await page.locator('tbody tr').first().click();
  await expectRecordPage(page, /\/company\/[a-f0-9]{24}$/);
  await expect(page.getByRole('region', { name: 'Summary' })).toBeVisible();
  await expect(page.locator('#main-content').getByRole('textbox')).toHaveCount(0);
  for (const name of ['Update', 'Delete', 'Adjust balance']) await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Comments' }).click();
  await expect(page.getByLabel('New comment')).toBeEnabled();

  // Users: no 'Login as'.
  await menu.getByRole('menuitem', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/user(\?|$)/);
  await expect(page.getByRole('columnheader', { name: 'Last login' })).toBeVisible();
  await expect(page.locator('tbody tr').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login as' })).toHaveCount(0);

  // An address support may not open shows access denied, and the server refuses the call itself.
  await page.goto('/audit');
  await expect(page.getByText('Access denied')).toBeVisible();
  const api = await apiAs(page);
  expect(await api.post('/audit/search', { offset: 0 })).toEqual({ ok: false, code: 'FORBIDDEN' });
});

test('operations asks for 5 000 credits; finance approves on the Approvals page; the balance and the ledger show it, with both names', async ({
  page,
  browser,
}) => {
  const operations = demoAdmin('operations');
  const finance = demoAdmin('finance');
  await page.goto('/company');
  await signIn(page, operations);
  const [company] = (await (await apiAs(page)).post('/company/search', { search: 'Mistral', offset: 0 })).data as Array<{ _id: string; name: string }>;
  if (!company) throw new Error('no demo company named Mistral');
  await page.goto(`/company/${company._id}`);
  await expectRecordPage(page, /\/company\/[a-f0-9]{24}$/);
  const badge = page.getByTestId('balance-badge');
  const before = Number((await badge.textContent())?.replace(/[^-\d.]/g, ''));

  // Operations never moves a balance: the dialog says a second admin must approve, and the request waits.
  await page.getByRole('button', { name: 'Adjust balance' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adjust balance' });
  await dialog.getByLabel('Amount').fill('5000');
  await dialog.getByLabel('Reason').fill('E2E four eyes');
  await expect(dialog).toContainText('A second admin (finance or owner) must approve this adjustment.');
  await dialog.getByRole('button', { name: 'Request approval' }).click();
  await expect(toast(page, 'Request sent: it awaits approval by a second admin. The balance has not moved.')).toBeVisible();
  await expect(badge).toContainText(String(before));
  await page.getByRole('tab', { name: 'Credits' }).click();
  await expect(page.getByRole('region', { name: 'Pending approval' })).toContainText('E2E four eyes');

  // Finance, in a browser of their own, approves it from the Approvals page.
  const financeContext = await browser.newContext();
  const financePage = await financeContext.newPage();
  try {
    await financePage.goto('/approvals');
    await signIn(financePage, finance);
    await financePage.getByRole('menuitem', { name: /Approvals/ }).click();
    await expect(financePage).toHaveURL(/\/approvals$/);
    const row = financePage.locator('tbody tr', { hasText: 'E2E four eyes' });
    await expect(row).toContainText(company.name);
    await expect(row).toContainText(operations.name);
    await row.getByRole('button', { name: 'Approve' }).click();
    await financePage.getByRole('dialog', { name: 'Approve this adjustment?' }).getByRole('button', { name: 'Approve' }).click();
    await expect(toast(financePage, 'Request approved: the balance has moved.')).toBeVisible();
    await expect(financePage.locator('tbody tr', { hasText: 'E2E four eyes' })).toHaveCount(0);

    // The balance moved by 5 000, and the ledger's entry names the requester and the approver.
    await financePage.goto(`/company/${company._id}`);
    await expectRecordPage(financePage, /\/company\/[a-f0-9]{24}$/);
    await expect(financePage.getByTestId('balance-badge')).toContainText(String(before + 5000));
    await financePage.getByRole('tab', { name: 'Credits' }).click();
    const entry = financePage.getByRole('tabpanel').locator('tbody tr').first();
    await expect(entry).toContainText('E2E four eyes');
    await expect(entry).toContainText('+5000');
    await expect(entry).toContainText(operations.name);
    await expect(entry).toContainText(`approved by ${finance.name}`);
  } finally {
    await financeContext.close();
  }
});
