import { expect, test } from './cspGuard';
import { apiAs, signIn } from './helpers';

test('Ctrl-K finds a user by e-mail and opens the record, keyboard only', async ({ page }) => {
  await page.goto('/company');
  await signIn(page);
  const api = await apiAs(page);
  const [user] = (await api.post('/user/search', {})).data as Array<{ _id: string; name: string; email: string }>;
  if (!user) throw new Error('the demo data has no user');

  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Quick find' });
  const input = palette.getByRole('combobox', { name: 'Quick find' });
  await expect(input).toBeFocused();
  await input.pressSequentially(user.email);
  await expect(palette.getByRole('option', { name: new RegExp(user.name) })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/user/${user._id}`));
  await expect(palette).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(user.email);
});
