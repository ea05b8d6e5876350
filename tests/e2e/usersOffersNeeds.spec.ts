import { expect, test } from './cspGuard';
import { PNG_BYTES } from '../helpers/serverFixtures';
import { choose, expectRecordPage, signIn, sortListBy, toast } from './helpers';

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await signIn(page);
});

test('users: from a company Users tab, move a user to another company, and Login as', async ({ page, context }) => {
  await page.getByRole('menuitem', { name: 'Companies' }).click();
  await page.getByPlaceholder('Search').fill('Atelier Lumière');
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await page.locator('tbody tr').first().click();
  await page.getByRole('tab', { name: 'Users' }).click();
  const userRow = page.locator('tbody tr').first();
  await expect(userRow).toContainText('Atelier Lumière');
  const userName = (await userRow.locator('td').first().textContent()) ?? '';

  // The Users list narrowed to this company.
  await page.getByRole('link', { name: 'Open in Users' }).click();
  // The link's `?organisation_id=` becomes a filter of the list, kept in its URL with the search and the page.
  await expect(page).toHaveURL(
    (url) => url.pathname === '/user' && /^[a-f0-9]{24}$/.test(String(JSON.parse(url.searchParams.get('filter') ?? '{}').organisation_id)),
  );
  await expect(page.getByText('Organisation: Atelier Lumière')).toBeVisible();
  const rows = page.locator('tbody tr');
  for (const organisation of await rows.locator('td.column-organisation_name').allTextContents()) expect(organisation).toBe('Atelier Lumière');

  // 'Login as' opens the connect route with the user's id and a single-use token (no app listens
  // on port 8081 here, so the request the new tab makes is what we read).
  const [connectRequest] = await Promise.all([
    context.waitForEvent('request', (request) => request.url().includes('/connect?')),
    rows.filter({ hasText: userName }).getByRole('button', { name: 'Login as' }).click(),
  ]);
  expect(connectRequest.url()).toMatch(/^http:\/\/127\.0\.0\.1:8081\/connect\?user_id=[a-f0-9]{24}&token=[\w-]+$/);
  const connect = new URL(connectRequest.url());
  const session = (await context.cookies()).find((cookie) => cookie.name === 'ap_session');
  expect(session?.value).toBeTruthy();
  expect(connectRequest.url()).not.toContain(session?.value ?? '');
  await connectRequest.frame().page().close();
  const exchange = () =>
    page.request.post('/api/user/impersonation/exchange', { data: { token: connect.searchParams.get('token'), user_id: connect.searchParams.get('user_id') } });
  expect(await (await exchange()).json()).toMatchObject({ ok: true, data: { user: { name: userName } } });
  expect(await (await exchange()).json()).toEqual({ ok: false, code: 'INVALID_TOKEN' });

  // Move the user to another company.
  await rows.filter({ hasText: userName }).locator('td.column-name').click();
  await expect(page).toHaveURL(/\/user\/[a-f0-9]{24}$/);
  const organisation = page.getByRole('combobox', { name: 'Organisation' });
  await expect(organisation).toHaveValue('Atelier Lumière');
  await organisation.fill('Maison Azur');
  await page.getByRole('option', { name: 'Maison Azur' }).first().click();
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'Updated!')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Organisation' })).toHaveValue('Maison Azur');
  await page.getByRole('tab', { name: 'Raw Data' }).click();
  await expect(page.getByTestId('raw-data')).toContainText('"organisation_name": "Maison Azur"');
});

test('offers: create with images, filter, sort, edit and delete', async ({ page }) => {
  await page.getByRole('menuitem', { name: 'Offer' }).click();
  await expect(page.locator('tbody tr')).toHaveCount(10);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Create offer' });
  await dialog.getByLabel('Title').fill('Offre Playwright');
  await dialog.getByLabel('Description').fill('Tests de bout en bout');
  await expect(dialog.getByRole('button', { name: 'Create' })).toBeDisabled();
  await dialog.locator('input[type=file]').setInputFiles({ name: 'first.png', mimeType: 'image/png', buffer: PNG_BYTES });
  await expect(dialog.getByRole('img', { name: 'Image 1' })).toBeVisible();
  await dialog.locator('input[type=file]').setInputFiles({ name: 'second.png', mimeType: 'image/png', buffer: PNG_BYTES });
  await expect(dialog.getByRole('img', { name: 'Image 2' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(toast(page, 'Offer created successfully!')).toBeVisible();
  await expectRecordPage(page, /\/offer\/[a-f0-9]{24}$/);
  const offerUrl = page.url();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Offre Playwright');
  await expect(page.getByRole('img', { name: 'Image 2' })).toBeVisible();

  // Edit: domain, sub-domain, price, unit, credit ratio as a percent, sur devis.
  await choose(page, page.getByRole('combobox', { name: 'Activity domain' }), 'Design et Création');
  await choose(page, page.getByRole('combobox', { name: 'Sub-domain' }), 'Packaging');
  await page.getByLabel('Price').fill('4321');
  await choose(page, page.getByRole('combobox', { name: 'Unit' }), 'jour');
  await choose(page, page.getByRole('combobox', { name: 'Credit ratio' }), '75%');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'Updated!')).toBeVisible();
  await page.getByRole('tab', { name: 'Raw Data' }).click();
  await expect(page.getByTestId('raw-data')).toContainText('"credit_ratio": 0.75');
  await expect(page.getByTestId('raw-data')).toContainText('"sub_activity_domain": "Packaging"');

  // Filter and sort the list.
  await page.getByRole('menuitem', { name: 'Offer' }).click();
  await choose(page, page.getByRole('combobox', { name: 'Activity domain' }), 'Design et Création');
  await choose(page, page.getByRole('combobox', { name: 'Sub-domain' }), 'Packaging');
  // The list takes the filters after the address does: wait until it shows Packaging offers only (the seeded titles
  // end with their sub-domain).
  await expect(page.locator('tbody td.column-title').filter({ hasNotText: /– Packaging$|^Offre Playwright$/ })).toHaveCount(0);
  const row = page.locator('tbody tr', { hasText: 'Offre Playwright' });
  await expect(row).toContainText('4321 € / jour');
  await expect(row).toContainText('75%');
  // Sorted by price, within the filter. 'sur devis' has no price: last whichever the direction.
  const pricesInOrder = async (direction: 1 | -1) => {
    const prices = (await page.locator('tbody td.column-price').allTextContents()).map((text) =>
      text.includes('sur devis') ? null : Number(text.replace(/\D/g, '')),
    );
    const priced = prices.filter((price) => price !== null);
    const inOrder = (before: number, after: number) => (direction === 1 ? before <= after : before >= after);
    return (
      prices.length > 1 &&
      prices.slice(0, priced.length).every((price) => price !== null) &&
      priced.every((price, index) => index === 0 || inOrder(priced[index - 1] ?? price, price))
    );
  };
  const price = { label: 'price', field: 'price' };
  // The address takes the order before the rows do: going down must show the priced rows going up, reversed, then
  // the 'sur devis' ones, reversed too (the id breaks ties in the same direction).
  const titles = () => page.locator('tbody td.column-title').allTextContents();
  await sortListBy(page, price, 'ASC');
  await expect.poll(() => pricesInOrder(1)).toBe(true);
  const ascending = await titles();
  const pricedCount = (await page.locator('tbody td.column-price').allTextContents()).filter((text) => !text.includes('sur devis')).length;
  expect(pricedCount).toBeLessThan(ascending.length);
  await sortListBy(page, price, 'DESC');
  await expect.poll(titles).toEqual([...ascending.slice(0, pricedCount).toReversed(), ...ascending.slice(pricedCount).toReversed()]);
  expect(await pricesInOrder(-1)).toBe(true);
  await expect(page.locator('tbody tr', { hasText: 'Offre Playwright' })).toBeVisible();
  await page.getByRole('button', { name: 'Reset filters' }).click();
  await page.getByPlaceholder('Search').fill('zzzz-nothing');
  await expect(page.getByText('No Offer Found.')).toBeVisible();

  // Delete it.
  await page.goto(offerUrl);
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, 'Delete!')).toBeVisible();
  await expect(page).toHaveURL(/\/offer$/);
});

test('needs: create, change status, delete', async ({ page }) => {
  await page.getByRole('menuitem', { name: 'Need' }).click();
  await expect(page.locator('tbody tr')).toHaveCount(10);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Create need' });
  await dialog.getByLabel('Description').fill('Besoin Playwright de 40 chaises');
  await expect(dialog.getByRole('button', { name: 'Create' })).toBeDisabled();
  await dialog.getByRole('combobox', { name: /Emergency/ }).click();
  await page.getByRole('option', { name: 'Dans la semaine' }).click();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(toast(page, 'Need created successfully!')).toBeVisible();
  await expectRecordPage(page, /\/need\/[a-f0-9]{24}$/);

  await expect(page.getByRole('combobox', { name: /Status/ })).toHaveText('en cours');
  await page.getByRole('combobox', { name: /Status/ }).click();
  await page.getByRole('option', { name: 'non dispo' }).click();
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'Updated!')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: /Status/ })).toHaveText('non dispo');

  await page.getByRole('menuitem', { name: 'Need' }).click();
  await choose(page, page.getByRole('combobox', { name: 'Urgency' }), 'Dans la semaine');
  await page.getByPlaceholder('Search').fill('Playwright');
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await page.locator('tbody tr').first().click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, 'Delete!')).toBeVisible();
  await page.getByPlaceholder('Search').fill('Playwright');
  await expect(page.getByText('No Requirements Found')).toBeVisible();
});
