import { DEMO_ROLE_ADMINS } from '../../server/seed/demoAdmins';
import { expect, test } from './cspGuard';
import { apiAs, signIn } from './helpers';

const demoAdmin = (role: (typeof DEMO_ROLE_ADMINS)[number]['role']) => {
  const admin = DEMO_ROLE_ADMINS.find((one) => one.role === role);
  if (!admin) throw new Error(`no demo ${role} admin`);
  return admin;
};

test('issue 40: finance opens the dashboard on the approvals to decide, above the charts, and goes to them', async ({ page, browser }) => {
  // Operations asks for an adjustment: it waits for a second admin.
  await page.goto('/');
  await signIn(page, demoAdmin('operations'));
  const operationsApi = await apiAs(page);
  const [company] = (await operationsApi.post('/company/search', { search: 'Opale', offset: 0 })).data as Array<{ _id: string }>;
  if (!company) throw new Error('no demo company named Opale');
  const asked = ((await operationsApi.post(`/company/${company._id}/credit`, { amount: 1200, reason: 'E2E dashboard to-do' })).data as { _id: string })._id;

  const context = await browser.newContext();
  const financePage = await context.newPage();
  try {
    await financePage.goto('/');
    await signIn(financePage, demoAdmin('finance'));
    const todo = financePage.getByRole('region', { name: 'Waiting for you' });
    const approvals = todo.getByRole('group', { name: /^Approvals to decide: \d+$/ });
    await expect(approvals).toBeVisible();
    expect(Number((await approvals.getAttribute('aria-label'))?.split(': ')[1])).toBeGreaterThanOrEqual(1);
    // First: above the counters and the charts.
    const charts = financePage.getByRole('region', { name: 'New records per week' });
    await expect(charts).toBeVisible();
    expect((await approvals.boundingBox())?.y ?? Infinity).toBeLessThan((await charts.boundingBox())?.y ?? 0);
    await approvals.getByRole('link').click();
    await expect(financePage).toHaveURL(`/approvals?filter=${encodeURIComponent(JSON.stringify({ status: 'pending' }))}`);
    await expect(financePage.getByText('E2E dashboard to-do').first()).toBeVisible();
  } finally {
    // Nothing left waiting for the other tests.
    await (await apiAs(financePage)).post(`/credit_request/${asked}/reject`, { reason: 'E2E tidy up' });
    await context.close();
  }
});
