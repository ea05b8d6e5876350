import { generate } from 'otplib';
import { expect, test } from './cspGuard';
import { apiAs, fillSteadily, linkFromOutbox, signIn } from './helpers';

test('a fresh admin enrols TOTP from the Security tab, signs out, and signs in with a code', async ({ browser, page }) => {
  await page.goto('/account');
  await signIn(page);
  const email = `totp.${Date.now()}@example.com`;
  const password = 'totp-pass-1';
  expect(await (await apiAs(page)).post('/admin', { name: 'Tess Otp', email, role: 'support' })).toMatchObject({ ok: true });

  // The newcomer chooses a password through the e-mailed link, in a browser context of their own.
  const context = await browser.newContext();
  const tess = await context.newPage();
  const create = tess.getByRole('button', { name: 'Créer' });
  await tess.goto(await linkFromOutbox(page, email, 'your administrator account'));
  await fillSteadily(tess.getByLabel('Nouveau mot de passe'), password, create);
  await create.click();
  await expect(tess.getByRole('button', { name: 'Profile' })).toContainText('Tess Otp');

  // Enrol: the QR code is drawn under the CSP, the key is read as text and the test computes the code.
  await tess.goto('/account');
  await tess.getByRole('tab', { name: 'Security' }).click();
  await tess.getByRole('button', { name: 'Enable two-factor authentication' }).click();
  await expect(tess.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await tess.getByTestId('totp-key').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  const enrolledAt = Math.floor(Date.now() / 1000);
  await tess.getByLabel('Code from the app').fill(await generate({ secret, epoch: enrolledAt }));
  await tess.getByRole('button', { name: 'Confirm' }).click();
  const codes = tess.getByRole('region', { name: 'Recovery codes' });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  await codes.getByRole('button', { name: 'Done' }).click();
  await expect(tess.getByText(/10 recovery codes left/)).toBeVisible();

  // Sign out, then in: the password alone opens nothing, the code does.
  await tess.getByRole('button', { name: 'Profile' }).click();
  await tess.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(tess).toHaveURL(/\/auth$/);
  await tess.getByLabel('Email').fill(email);
  await tess.getByLabel('Password', { exact: true }).fill(password);
  await tess.getByRole('button', { name: 'Sign in' }).click();
  const code = tess.getByLabel('Authentication code');
  await expect(code).toBeVisible();
  await expect(tess).toHaveURL(/\/auth$/);
  // A code is good once: the sign-in takes the next 30-second step's, within the server's one-step tolerance.
  await code.fill(await generate({ secret, epoch: enrolledAt + 30 }));
  await tess.getByRole('button', { name: 'Verify' }).click();
  await expect(tess.getByRole('button', { name: 'Profile' })).toContainText('Tess Otp');
  await context.close();
});
