import { expect, test } from './cspGuard';
import { apiAs, choose, expectRecordPage, signIn, toast } from './helpers';

test.describe('credits and audit trail, end to end', () => {
  test('adjust a balance with a reason; see it in Credits, History and the Audit page', async ({ page }) => {
    await page.goto('/company');
    await signIn(page);
    const api = await apiAs(page);
    const [company] = (await api.post('/company/search', { search: 'Horizon' })).data as Array<{ _id: string; name: string }>;
    if (!company) throw new Error('no demo company named Horizon');
    const name = company.name;
    await page.goto(`/company/${company._id}`);
    await expectRecordPage(page, /\/company\/[a-f0-9]{24}$/);

    // The balance is no free field any more: it moves through the dialog, with a reason and a preview.
    await expect(page.getByRole('spinbutton', { name: /balance/i })).toHaveCount(0);
    const badge = page.getByTestId('balance-badge');
    const before = Number((await badge.textContent())?.replace(/[^-\d.]/g, ''));
    // Four eyes by sum: the dialog says how much the admin may still move alone, as the server counts it.
    const { remaining } = (await api.get('/credit_request/allowance')).data as { remaining: number };
    const allowanceText = (amount: number) => `You may still move ${amount} credit alone today; beyond that a second admin approves.`;
    await page.getByRole('button', { name: 'Adjust balance' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adjust balance' });
    await expect(dialog.getByTestId('credit-allowance')).toHaveText(allowanceText(remaining));
    await dialog.getByLabel('Amount').fill(String(remaining + 1));
    await expect(dialog.getByRole('button', { name: 'Request approval' })).toBeVisible();
    await dialog.getByLabel('Amount').fill('25.50');
    await expect(dialog.getByRole('button', { name: 'Adjust', exact: true })).toBeDisabled();
    await dialog.getByLabel('Reason').fill('E2E top-up');
    await expect(dialog.getByTestId('balance-preview')).toContainText(`New balance: ${before + 25.5 > 0 ? '+' : ''}${before + 25.5}`);
    await dialog.getByRole('button', { name: 'Adjust', exact: true }).click();
    await expect(toast(page, 'Balance adjusted!')).toBeVisible();
    await expect(badge).toContainText(String(before + 25.5));
    // What it moved is counted at once: the dialog, opened again, has that much less to offer.
    await page.getByRole('button', { name: 'Adjust balance' }).click();
    await expect(dialog.getByTestId('credit-allowance')).toHaveText(allowanceText(Math.max(0, Number((remaining - 25.5).toFixed(2)))));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);

    // The ledger entry, newest first.
    await page.getByRole('tab', { name: 'Credits' }).click();
    const credit = page.getByRole('tabpanel').locator('tbody tr').first();
    await expect(credit).toContainText('E2E top-up');
    await expect(credit).toContainText('+25.5');
    await expect(credit).toContainText('Demo Admin');

    // The record's history: who changed what, before → after.
    await page.getByRole('tab', { name: 'History' }).click();
    const history = page.getByRole('tabpanel');
    await expect(history).toContainText('Credit adjustment');
    await expect(history).toContainText('E2E top-up');
    await expect(history).toContainText('Demo Admin');

    // The whole trail, filtered by action, linking to the company.
    await page.getByRole('menuitem', { name: 'Audit' }).click();
    await expect(page).toHaveURL(/\/audit/);
    await choose(page, page.getByRole('combobox', { name: 'Action' }), 'Credit adjustment');
    // The address takes the filter before the list does: wait until every row is a credit adjustment, so that the
    // click below does not land on a row that the filtered page replaces.
    await expect(page.locator('tbody tr').filter({ hasNotText: 'Credit adjustment' })).toHaveCount(0);
    const event = page.locator('tbody tr').first();
    await expect(event).toContainText('Demo Admin');
    await expect(event).toContainText('E2E top-up');
    await event.getByRole('link', { name: /^Company / }).click();
    await expectRecordPage(page, /\/company\/[a-f0-9]{24}$/);
    // The app bar slides away when the page scrolls, so its title may be hidden: the browser tab names the record.
    await expect(page).toHaveTitle(`${name} · Companies — Admin Platform`);
  });

  test('the Audit page filters by an admin whose name is typed key by key, as a slow typist does', async ({ page }) => {
    await page.goto('/audit');
    await signIn(page);
    await page.getByRole('menuitem', { name: 'Audit' }).click();
    await expect(page).toHaveURL(/\/audit/);
    await expect(page.locator('tbody tr').first()).toBeVisible();
    const admin = page.getByRole('combobox', { name: 'Admin' });
    // Slower than the autocomplete's debounce, so each key sends its own search. The demo has two admins named Hugo:
    // the options must come from the last search ('Hugo S'), not from the one before it ('Hugo ').
    await admin.pressSequentially('Hugo S', { delay: 400 });
    await expect(admin).toHaveValue('Hugo S');
    await expect(page.getByRole('option')).toHaveText(['Hugo Simon']);
    // Hugo Simon has never acted: the trail filtered by him is empty, where the unfiltered one is not.
    await page.getByRole('option', { name: 'Hugo Simon', exact: true }).click();
    await expect(page).toHaveURL(/admin_id/);
    await expect(page.getByText('No event found.')).toBeVisible();
    // Then an admin who has (this test's own sign-in is one of his events): his events only.
    await admin.fill('');
    await admin.pressSequentially('Demo', { delay: 400 });
    await expect(page.getByRole('option')).toHaveText(['Demo Admin']);
    await page.getByRole('option', { name: 'Demo Admin', exact: true }).click();
    await expect(page.getByText('No event found.')).toHaveCount(0);
    await expect(page.locator('tbody tr').first()).toBeVisible();
    await expect(page.locator('tbody tr').filter({ hasNotText: 'Demo Admin' })).toHaveCount(0);
  });
});
