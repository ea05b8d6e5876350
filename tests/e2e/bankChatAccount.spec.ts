import { expect, test } from './cspGuard';
import { PNG_BYTES } from '../helpers/serverFixtures';
import { apiAs, fillSteadily, linkFromOutbox, signIn, toast } from './helpers';

test('bank: add and delete a category image', async ({ page }) => {
  await page.goto('/bank');
  await signIn(page);
  await page.getByRole('menuitem', { name: 'Bank' }).click();
  const grid = page.getByRole('list', { name: 'Category images' });
  await expect(grid.getByRole('listitem')).toHaveCount(39);
  await page.getByRole('combobox', { name: 'Activity domain' }).click();
  await page.getByRole('option', { name: 'Mobilier' }).click();
  await expect(grid.getByRole('listitem')).toHaveCount(3);

  await page.getByRole('button', { name: 'Add image' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add image' });
  await expect(dialog.getByRole('button', { name: 'Add' })).toBeDisabled();
  await dialog.getByRole('combobox', { name: 'Activity domain' }).click();
  await page.getByRole('option', { name: 'Mobilier' }).click();
  await dialog.locator('input[type=file]').setInputFiles({ name: 'bank.png', mimeType: 'image/png', buffer: PNG_BYTES });
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(toast(page, 'Category image created successfully!')).toBeVisible();
  await expect(grid.getByRole('listitem')).toHaveCount(4);
  await expect(grid.locator('img').first()).toHaveAttribute('src', /\/uploads\/category_images\/bank-[a-f0-9]{12}\.png$/);

  await grid.getByRole('button', { name: 'Delete image of Mobilier' }).first().click();
  await page.getByRole('dialog', { name: 'Voulez-vous vraiment supprimer cette image ?' }).getByRole('button', { name: 'Supprimer' }).click();
  await expect(toast(page, 'Category image deleted successfully!')).toBeVisible();
  await expect(grid.getByRole('listitem')).toHaveCount(3);
});

test('messages: read a room, send a message, see the buyer answer pushed without a reload, and find it as the last message of the list', async ({ page }) => {
  // Every full read of a room (GET /room/{id}, any query); its event stream (/room/{id}/events) is not one.
  const roomReads: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && /\/api\/room\/[a-f0-9]{24}(\?|$)/.test(request.url())) roomReads.push(request.url());
  });
  await page.goto('/message');
  await signIn(page);
  await page.getByRole('menuitem', { name: 'Messages' }).click();
  await expect(page.getByLabel('Current page')).toHaveText('1 / 3');
  await expect(page.getByRole('columnheader', { name: 'Last message' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Last activity' })).toBeVisible();
  await page.locator('tbody tr').first().click();
  await expect(page).toHaveURL(/\/message\/[a-f0-9]{24}$/);
  const roomId = page.url().split('/').pop() ?? '';
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByTestId('message')).toHaveCount(6);

  // Blank input is ignored; Enter sends; the message stands on the right under today's date.
  const input = page.getByRole('textbox', { name: 'Message' });
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
  await input.fill('   ');
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
  await input.fill('Bonjour, ici l’équipe <b>Admin</b>');
  await input.press('Enter');
  await expect(input).toHaveValue('');
  const today = await page.evaluate(() =>
    new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date()),
  );
  const todaySection = log.getByRole('region', { name: today });
  const mine = todaySection.getByTestId('message').filter({ hasText: 'Bonjour, ici l’équipe <b>Admin</b>' });
  await expect(mine).toHaveAttribute('data-status', 'sent');
  await expect(mine).toHaveCount(1);
  await expect(mine).toHaveAttribute('data-own', 'true');
  const logBox = await log.boundingBox();
  const bubbleBox = await mine.locator('div').last().boundingBox();
  expect((bubbleBox?.x ?? 0) + (bubbleBox?.width ?? 0)).toBeGreaterThan((logBox?.x ?? 0) + (logBox?.width ?? 0) * 0.75);

  // The buyer writes (through the development stand-in for the marketplace app): it is pushed, no room read.
  const readsBefore = roomReads.length;
  expect(readsBefore).toBeGreaterThan(0);
  const api = await apiAs(page);
  expect(await api.post(`/dev/room/${roomId}/message`, { role: 'buyer', text: 'Réponse de l’acheteur en direct' })).toMatchObject({ ok: true });
  const answer = log.getByTestId('message').filter({ hasText: 'Réponse de l’acheteur en direct' });
  await expect(answer).toBeVisible({ timeout: 2_000 });
  await expect(answer).toHaveAttribute('data-own', 'false');
  await expect(mine).toHaveCount(1);
  expect(roomReads.slice(readsBefore)).toEqual([]);

  // The list: that room has the latest activity, so it comes first, its last message the buyer's answer.
  await page.getByRole('menuitem', { name: 'Messages' }).click();
  const firstRow = page.locator('tbody tr').first();
  await expect(firstRow.locator('td.column-last_message')).toHaveText('Réponse de l’acheteur en direct');
  await expect(firstRow.locator('td.column-last_activity_at')).toHaveText(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/);
});

test('account and password flows: set a password from a link, update the profile, change the password, recover it', async ({ page, browser }) => {
  // A long story: five password hashes (scrypt, deliberately slow) and three sign-ins.
  test.setTimeout(180_000);
  const email = `e2e.pass.${Date.now()}@example.com`;
  await page.goto('/admin');
  await signIn(page);
  const admin = await apiAs(page);
  expect(await admin.post('/admin', { name: 'E2E Password', email })).toMatchObject({ ok: true });

  // A new admin sets a password from the invitation link and lands signed in on /.
  const newcomer = await browser.newPage();
  const createButton = newcomer.getByRole('button', { name: 'Créer' });
  await newcomer.goto(await linkFromOutbox(page, email, 'your administrator account'));
  await expect(newcomer.getByRole('heading', { name: 'Créer un nouveau mot de passe' })).toBeVisible();
  await expect(newcomer.getByText('Format : minimum 6 caractères, au moins une lettre')).toBeVisible();
  await expect(createButton).toBeDisabled();
  await fillSteadily(newcomer.getByLabel('Nouveau mot de passe'), 'first-pass-1', createButton);
  await createButton.click();
  await expect(toast(newcomer, 'Success!')).toBeVisible();
  await expect(newcomer).toHaveURL(/\/$/);
  await expect(newcomer.getByRole('button', { name: 'Profile' })).toContainText('E2E Password');

  // Update the profile.
  await newcomer.getByRole('button', { name: 'Profile' }).click();
  await newcomer.getByRole('menuitem', { name: 'My Account' }).click();
  await expect(newcomer.getByRole('heading', { name: 'Your Account', level: 1 })).toBeVisible();
  await newcomer.getByLabel('Name').fill('E2E Renamed');
  await newcomer.getByRole('button', { name: 'Update' }).click();
  await expect(toast(newcomer, 'Profile Updated successfully!')).toBeVisible();
  await expect(newcomer.getByRole('button', { name: 'Profile' })).toContainText('E2E Renamed');

  // Change the password: a wrong current one is refused with its code, then the right one works.
  await newcomer.getByRole('button', { name: 'Reset password' }).click();
  const modal = newcomer.getByRole('dialog', { name: 'Reset password' });
  await modal.getByLabel('Current password').fill('not-the-one-1');
  await modal.getByLabel('New password', { exact: true }).fill('second-pass-2');
  await modal.getByLabel('Confirm new password').fill('second-pass-2');
  await modal.getByRole('button', { name: 'Reset' }).click();
  await expect(toast(newcomer, 'WRONG_PASSWORD')).toBeVisible();
  await modal.getByLabel('Current password').fill('first-pass-1');
  await modal.getByRole('button', { name: 'Reset' }).click();
  await expect(toast(newcomer, 'Password updated successfully!')).toBeVisible();

  // Sign out and in with the new password.
  await newcomer.getByRole('button', { name: 'Profile' }).click();
  await newcomer.getByRole('menuitem', { name: 'Sign Out' }).click();
  await signIn(newcomer, { email, password: 'second-pass-2' });

  // Recover a forgotten password through the e-mailed link; the link works once.
  await newcomer.getByRole('button', { name: 'Profile' }).click();
  await newcomer.getByRole('menuitem', { name: 'Sign Out' }).click();
  await newcomer.getByRole('link', { name: /forgot password/i }).click();
  await expect(newcomer).toHaveURL(/\/auth\/forgot$/);
  await fillSteadily(newcomer.getByLabel('Email'), email, newcomer.getByRole('button', { name: 'Send recovery link' }));
  await newcomer.getByRole('button', { name: 'Send recovery link' }).click();
  await expect(newcomer.getByText(/recovery link has been sent.*check your inbox/i)).toBeVisible();
  const recovery = await linkFromOutbox(page, email, 'reset your password');
  await newcomer.goto(recovery.replace('/auth/reset?', '/auth/reset-password?'));
  await expect(newcomer).toHaveURL(/\/auth\/reset\?token=/);
  await fillSteadily(newcomer.getByLabel('Nouveau mot de passe'), 'third-pass-3', createButton);
  await createButton.click();
  await expect(toast(newcomer, 'Success!')).toBeVisible();
  await expect(newcomer).toHaveURL(/\/$/);
  await newcomer.getByRole('button', { name: 'Profile' }).click();
  await newcomer.getByRole('menuitem', { name: 'Sign Out' }).click();
  await newcomer.goto(recovery);
  await fillSteadily(newcomer.getByLabel('Nouveau mot de passe'), 'fourth-pass-4', createButton);
  await createButton.click();
  await expect(toast(newcomer, 'INVALID_TOKEN')).toBeVisible();
  await expect(createButton).toBeEnabled();
  await newcomer.goto('/auth');
  await signIn(newcomer, { email, password: 'third-pass-3' });
  await newcomer.close();
});
