import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './cspGuard';
import { apiAs, fillSteadily, signIn } from './helpers';

/** The WCAG 2.1 A and AA rules: what the console promises. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

const SIZES = [
  { name: 'desktop', viewport: { width: 1400, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

interface View {
  name: string;
  path: string;
  /** What to do once the path is shown, to reach the view (open a tab, a dialog). */
  open?: (page: Page) => Promise<void>;
}

const tab = (label: string) => async (page: Page) => {
  await page.getByRole('tab', { name: label, exact: true }).click();
  await expect(page.getByRole('tab', { name: label, exact: true })).toHaveAttribute('aria-selected', 'true');
};
const dialog = (button: string) => async (page: Page) => {
  await page.getByRole('button', { name: button, exact: true }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
};

/**
 * The addresses of the console's menu as the sidebar draws them (src/resources' `navigation`, Dashboard first): the spec
 * reads them from the running console, as importing src/resources (React, MUI, Vite's import.meta.glob) into Node is not
 * practical. A phone's menu holds its links only while open, and opening it would leave focus and tooltips behind on the
 * page under test: another page of the session, desktop-sized, reads them.
 */
async function menuAddresses(page: Page): Promise<string[]> {
  const read = (from: Page) =>
    from.locator('nav[aria-label="Main"] a[href]').evaluateAll((anchors) => anchors.map((anchor) => new URL((anchor as HTMLAnchorElement).href).pathname));
  const here = await read(page);
  if (here.length) return here;
  const probe = await page.context().newPage();
  await probe.setViewportSize(SIZES[0].viewport);
  await probe.goto('/');
  await expect(probe.getByRole('navigation', { name: 'Main' }).getByRole('menuitem').first()).toBeVisible();
  const addresses = await read(probe);
  await probe.close();
  return addresses;
}

/**
 * The record page each menu screen leads to, named by its API search (`/{search}/search`), or null for a screen without
 * one; a menu entry missing here fails the run, so that a new screen is not left out unseen.
 */
const RECORD_SEARCH: Record<string, string | null> = {
  '/': null,
  '/admin': 'admin',
  '/user': 'user',
  '/company': 'company',
  '/offer': 'offer',
  '/need': 'need',
  '/bank': null,
  '/message': 'room',
  '/audit': null,
  '/approvals': null,
};

/**
 * Every screen of the console: each menu entry's, the first record of each (every tab of a record is checked where the run
 * finds it, and every list's Create dialog), the account page (from the account menu) and the dialogs other buttons open.
 */
async function everyView(page: Page): Promise<View[]> {
  const menu = await menuAddresses(page);
  expect(menu, 'the menu, Dashboard first').toContain('/');
  expect(
    menu.filter((path) => !(path in RECORD_SEARCH)),
    'menu entries that RECORD_SEARCH does not know',
  ).toEqual([]);
  const api = await apiAs(page);
  const firstId = async (path: string) => {
    const answer = await api.post(`/${path}/search`, {});
    // Rooms answer under `rooms`, every other search under `data`.
    const [first] = (answer.data ?? answer.rooms ?? []) as Array<{ _id: string }>;
    if (!first) throw new Error(`no record from /${path}/search: ${JSON.stringify(answer).slice(0, 200)}`);
    return first._id;
  };
  const records = await Promise.all(
    menu.flatMap((path) => {
      const search = RECORD_SEARCH[path];
      return search ? [firstId(search).then((id): View => ({ name: `${path}/{id}`, path: `${path}/${id}` }))] : [];
    }),
  );
  const company = records.find((view) => view.name === '/company/{id}');
  if (!company) throw new Error('no company record in the menu');
  return [
    ...menu.map((path): View => ({ name: path, path })),
    { name: '/account', path: '/account' },
    ...records,
    { name: '/bank add dialog', path: '/bank', open: dialog('Add image') },
    { name: '/account password dialog', path: '/account', open: dialog('Reset password') },
    {
      name: '/company/{id} invite dialog',
      path: company.path,
      open: async (page) => {
        await tab('Users')(page);
        await dialog('Invite user')(page);
      },
    },
  ];
}

/**
 * Opens a path in the running console as the browser's Back and Forward do (the router follows popstate), so that
 * each screen is checked without reloading the console; resolves once the next frames are painted.
 */
async function openInConsole(page: Page, path: string) {
  const screenOf = (pathname: string) => pathname.split('/').slice(0, 3).join('/');
  const from = new URL(page.url()).pathname;
  const titleBefore = await page.title();
  await page.evaluate(async (target) => {
    window.history.pushState(window.history.state, '', target);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    await new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted)));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname === path.split('?')[0]);
  // Another screen, or another record, titles the browser tab anew: the old screen is gone.
  if (screenOf(from) !== screenOf(path)) await expect(page).not.toHaveTitle(titleBefore);
}

async function violationsOf(page: Page) {
  // Wait for the screen's data: no progress bar or skeleton left.
  await expect(page.locator('[role=progressbar], .MuiSkeleton-root')).toHaveCount(0);
  // Wait for what is still fading or sliding in (a dialog's fade, a field's floating label): colours measured halfway
  // through a transition fail the contrast check (it failed once on the invite dialog's label). Endless animations aside.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // The console has no frames: axe runs in the page itself (legacy mode) instead of finishing in a new blank page, and
  // collects the failing nodes only; a screen takes half the time. options() replaces what withTags() set, so it comes
  // first; it turns on WCAG 2.5.3's label-content-name-mismatch, which axe keeps off as experimental.
  const { violations } = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(WCAG_21_AA)
    .setLegacyMode()
    .analyze();
  return violations.map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
}

/** The signed-out screens, and the forgot screen's confirmation after a malformed address (its message, its way back). */
const SIGNED_OUT: View[] = [
  { name: '/auth', path: '/auth' },
  { name: '/auth/forgot', path: '/auth/forgot' },
  {
    name: '/auth/forgot sent',
    path: '/auth/forgot',
    open: async (page) => {
      const send = page.getByRole('button', { name: 'Send recovery link' });
      await fillSteadily(page.getByLabel('Email'), 'not-an-address', send);
      await send.click();
      await expect(page.getByRole('button', { name: 'Change the address' })).toBeVisible();
    },
  },
  { name: '/auth/reset', path: '/auth/reset?token=abc' },
];

for (const size of SIZES) {
  test(`axe finds no WCAG 2.1 AA violation on any screen (${size.name})`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(size.viewport);
    const found: Record<string, string[]> = {};
    const checked: string[] = [];
    const check = async (name: string) => {
      checked.push(name);
      const violations = await violationsOf(page);
      if (violations.length) found[name] = violations;
    };

    for (const view of SIGNED_OUT) {
      await page.goto(view.path);
      await expect(page.getByRole('button').first()).toBeVisible();
      await view.open?.(page);
      await check(view.name);
    }

    await page.goto('/auth');
    await signIn(page);
    const views = await everyView(page);
    for (const view of views) {
      await openInConsole(page, view.path);
      await expect(page.getByRole('button', { name: 'Profile' })).toBeVisible();
      // The screen's code has arrived once it has titled the page (the app bar's h1).
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/\S/);
      if (view.open) {
        await view.open(page);
        await check(view.name);
        continue;
      }
      await check(view.name);
      // Every other tab of the screen (a record's Information, Raw Data...), as the screen shows them.
      // A tab's name is its first line: a count beside it (a company's Users) is hidden from its accessible name.
      const tabs = (await page.getByRole('tab').allInnerTexts()).map((text) => text.split('\n')[0]?.trim() ?? '');
      for (const label of tabs.slice(1)) {
        await tab(label)(page);
        await check(`${view.name} ${label}`);
      }
      // A list's create dialog, where it has one: checked after the screens, as a dialog leaves its opener focused (and
      // tooltipped) on the screens that reuse it.
      if (await page.getByRole('button', { name: 'Create', exact: true }).count()) {
        views.push({ name: `${view.name} create dialog`, path: view.path, open: dialog('Create') });
      }
    }
    // What was checked, for the report of a run; and a floor, so that a screen silently found no more fails.
    test.info().annotations.push({ type: 'screens checked', description: checked.join(', ') });
    expect(checked.length, checked.join(', ')).toBeGreaterThanOrEqual(41);
    expect(found).toEqual({});
  });
}
