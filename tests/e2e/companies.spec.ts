import { expect, test } from './cspGuard';
import { PNG_BYTES } from '../helpers/serverFixtures';
import { apiAs, expectRecordPage, signIn, toast } from './helpers';

test.describe('companies, end to end', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/company');
    await signIn(page);
    await page.getByRole('menuitem', { name: 'Companies' }).click();
    await expect(page.locator('tbody tr')).toHaveCount(10);
  });

  test('filter, sort and paginate', async ({ page }) => {
    const rows = page.locator('tbody tr');
    const pages = page.getByLabel('Current page');
    await expect(pages).toHaveText('1 / 24');
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(pages).toHaveText('2 / 24');

    // A domain filter returns to page 1 and enables the sub-domain.
    await expect(page.getByRole('combobox', { name: 'Sub-domain' })).toHaveAttribute('aria-disabled', 'true');
    await page.getByRole('combobox', { name: 'Activity domain' }).click();
    await page.getByRole('option', { name: 'Mobilier' }).click();
    await expect(pages).toHaveText('1 / 2');
    for (const domain of await rows.locator('td.column-activity_domain').allTextContents()) expect(domain).toBe('Mobilier');
    await page.getByRole('combobox', { name: 'Sub-domain' }).click();
    await page.getByRole('option', { name: 'Rangement' }).click();
    await expect(rows.first()).toContainText('Rangement');
    for (const subDomain of await rows.locator('td.column-sub_activity_domain').allTextContents()) expect(subDomain).toBe('Rangement');

    // Changing the domain clears the sub-domain.
    await page.getByRole('combobox', { name: 'Activity domain' }).click();
    await page.getByRole('option', { name: 'Expert IA' }).click();
    await expect(page.getByRole('combobox', { name: 'Sub-domain' })).not.toContainText('Rangement');
    await expect(rows.first()).toContainText('Expert IA');

    // Reset, then sort by balance both ways.
    await page.getByRole('button', { name: 'Reset filters' }).click();
    await expect(pages).toHaveText('1 / 24');
    await page.getByRole('button', { name: /^Sort by balance/ }).click();
    await expect(rows.first().locator('td[class*="_balance"]')).toHaveText(/^-\d+ credit$/);
    const ascending = await rows.locator('td[class*="_balance"]').allTextContents();
    const values = ascending.map((text) => Number(text.replace(/[^-\d]/g, '')));
    expect(values).toEqual([...values].sort((a, b) => a - b));
    await page.getByRole('button', { name: /^Sort by balance/ }).click();
    await expect(rows.first().locator('td[class*="_balance"]')).toHaveText(/^\+\d+ credit$/);

    // A search that finds nothing.
    await page.getByPlaceholder('Search').fill('zzzz-nothing');
    await expect(page.getByText("Aucune candidature n'a été trouvé")).toBeVisible();
    await expect(page.getByText('No data found')).toBeVisible();
  });

  test('create with a logo, fill from the registry, invite, comment, sync, delete', async ({ page }) => {
    // Create with a logo upload.
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create company' });
    await dialog.getByLabel('Name').fill('Société Playwright');
    await expect(dialog.getByRole('button', { name: 'Create', exact: true })).toBeDisabled();
    await dialog.locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG_BYTES });
    await expect(dialog.getByRole('img', { name: 'Logo' })).toHaveAttribute('src', /\/uploads\/credit\/logo-[a-f0-9]{12}\.png$/);
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(toast(page, 'Company created successfully!')).toBeVisible();
    await expectRecordPage(page, /\/company\/[a-f0-9]{24}$/);
    const logo = await page.getByRole('img', { name: 'Logo' }).getAttribute('src');
    expect((await page.request.get(logo ?? '')).status()).toBe(200);

    // Fill the form from the registry, then update.
    await page.getByLabel('Search the company registry').fill('lu');
    await expect(page.getByRole('option')).toHaveCount(0);
    await page.getByLabel('Search the company registry').fill('lumière');
    await page.getByRole('option').first().click();
    await expect(page.getByLabel('Siret')).toHaveValue(/^\d{14}$/);
    await expect(page.getByLabel('City')).not.toHaveValue('');
    const registryName = await page.getByLabel(/^Name/).inputValue();
    expect(registryName).toContain('Lumière');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(toast(page, 'Updated!')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(/^Name/)).toHaveValue(registryName);

    // Invite a user.
    await page.getByRole('tab', { name: 'Users' }).click();
    await expect(page.getByText('No data found')).toBeVisible();
    await page.getByRole('button', { name: 'Invite user' }).click();
    const invite = page.getByRole('dialog', { name: 'Invite user' });
    await invite.getByLabel('Name').fill('Nina Invitée');
    await expect(invite.getByRole('button', { name: 'Inviter' })).toBeDisabled();
    await invite.getByLabel('Email').fill('nina.invitee@example.com');
    await invite.getByRole('button', { name: 'Inviter' }).click();
    await expect(toast(page, 'Invited!')).toBeVisible();
    await expect(page.locator('tbody tr')).toContainText(['Nina Invitée']);
    // The same address again is refused with its code.
    await page.getByRole('button', { name: 'Invite user' }).click();
    await invite.getByLabel('Name').fill('Twin');
    await invite.getByLabel('Email').fill('nina.invitee@example.com');
    await invite.getByRole('button', { name: 'Inviter' }).click();
    await expect(toast(page, 'EMAIL_TAKEN')).toBeVisible();
    await invite.getByRole('button', { name: 'Cancel' }).click();

    // Add and delete a comment.
    await page.getByRole('tab', { name: 'Comments' }).click();
    await expect(page.getByRole('button', { name: 'Add comment' })).toBeDisabled();
    await page.getByLabel('New comment').fill('Rendez-vous pris pour lundi');
    await page.getByRole('button', { name: 'Add comment' }).click();
    await expect(toast(page, 'Comment added!')).toBeVisible();
    const comments = page.getByRole('list', { name: 'Comments' });
    await expect(comments).toContainText('Rendez-vous pris pour lundi');
    await expect(comments).toContainText('Demo Admin');
    await expect(comments).toContainText(/\d+ seconds? ago|just now/);
    await comments.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Confirm' }).click();
    await expect(toast(page, 'Comment deleted!')).toBeVisible();
    await expect(comments).not.toContainText('Rendez-vous pris pour lundi');

    // Start a sync.
    await page.getByRole('tab', { name: 'Sync' }).click();
    await page.getByLabel('Organisation id').fill('old-4242');
    await page.getByRole('button', { name: 'Start' }).click();
    await expect(page.getByTestId('last-sync')).toContainText('Last sync: queued');
    await expect(page.getByTestId('last-sync')).toContainText('old-4242');

    // Deleting is refused while the invited user belongs to the company; the console says what to move first.
    await page.getByRole('tab', { name: 'Information' }).click();
    const companyUrl = page.url();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Confirm' }).click();
    const refusal = page.getByRole('dialog', { name: 'Cannot delete yet' });
    await expect(refusal).toContainText('This company still has 1 user, 0 offers, 0 needs and 0 rooms. Move or delete them first.');
    await refusal.getByRole('button', { name: 'OK' }).click();
    const api = await apiAs(page);
    const [invited] = (await api.post('/user/search', { search: 'nina.invitee@example.com' })).data as Array<{ _id: string }>;
    expect((await api.delete(`/user/${invited?._id ?? ''}`)).ok).toBe(true);

    // Then the company goes.
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Confirm' }).click();
    await expect(toast(page, 'Delete!')).toBeVisible();
    await expect(page).toHaveURL(/\/company$/);
    await page.goto(companyUrl);
    await expect(toast(page, 'NOT_FOUND')).toBeVisible();
  });
});
