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

test('“cedre” finds the “Cèdre” companies in the list and in quick find, a user is found by their company’s name, and every quick-find result shows', async ({
  page,
}) => {
  await page.goto('/company');
  await signIn(page);
  await page.goto('/company');
  const api = await apiAs(page);
  const found = await api.post('/company/search', { search: 'Cèdre' });
  const cedres = found.data as Array<{ name: string }>;
  expect(cedres.length).toBeGreaterThan(0);

  // The list: typed without the accent, every row is a Cèdre.
  await expect(page.getByText('Name, siret, phone, email, city or postal code')).toBeVisible();
  await page.getByPlaceholder('Search').fill('cedre');
  await expect(page.getByRole('row').filter({ hasText: /Cèdre/ }).first()).toBeVisible();
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: cedres[0]?.name ?? '' })
      .first(),
  ).toBeVisible();

  // Users by their company's name, typed in capitals without accents.
  const [member] = ((await api.post('/user/search', {})).data as Array<{ name: string; organisation_name: string | null }>).filter(
    (user) => user.organisation_name,
  );
  if (!member?.organisation_name) throw new Error('the demo data has no user of a company');
  const folded = member.organisation_name.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();
  expect(((await api.post('/user/search', { search: folded })).data as Array<{ name: string }>).map((user) => user.name)).toContain(member.name);

  // Quick find: the results sit in the dialog, each inside it and on screen, with the companies' "see all".
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Quick find' });
  await palette.getByRole('combobox', { name: 'Quick find' }).pressSequentially('cedre');
  await expect(palette.getByRole('option', { name: /Cèdre/ }).first()).toBeVisible();
  const options = palette.getByRole('option');
  expect(await options.count()).toBeGreaterThan(1);
  const paper = await palette.boundingBox();
  for (const option of await options.all()) {
    await option.scrollIntoViewIfNeeded();
    await expect(option).toBeInViewport();
    const box = await option.boundingBox();
    expect(box && paper && box.y >= paper.y && box.y + box.height <= paper.y + paper.height + 1).toBe(true);
  }
  if (found.total > 5) await expect(palette.getByRole('option', { name: `See all ${found.total} companies` })).toBeVisible();
});
