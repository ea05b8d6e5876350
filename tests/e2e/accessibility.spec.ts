import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './cspGuard';
import { apiAs, signIn } from './helpers';

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
  await page.getByRole('tab', { name: label }).click();
  await expect(page.getByRole('tab', { name: label })).toHaveAttribute('aria-selected', 'true');
};
const dialog = (button: string) => async (page: Page) => {
  await page.getByRole('button', { name: button, exact: true }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
};

/** Every screen of the console with the first record of each resource. */
async function everyView(page: Page): Promise<View[]> {
  const api = await apiAs(page);
  const firstId = async (path: string) => {
    const answer = await api.post(`/${path}/search`, {});
    // Rooms answer under `rooms`, every other search under `data`.
    const [first] = (answer.data ?? answer.rooms ?? []) as Array<{ _id: string }>;
    if (!first) throw new Error(`no record from /${path}/search: ${JSON.stringify(answer).slice(0, 200)}`);
    return first._id;
  };
  const [admin, user, company, offer, need, room] = await Promise.all(['admin', 'user', 'company', 'offer', 'need', 'room'].map(firstId));
  const records: View[] = [
    ...['Information', 'Raw Data'].map((label) => ({ name: `admin ${label}`, path: `/admin/${admin}`, open: tab(label) })),
    ...['Information', 'Raw Data'].map((label) => ({ name: `user ${label}`, path: `/user/${user}`, open: tab(label) })),
    ...['Information', 'Users', 'Comments', 'Credits', 'Sync', 'Raw Data'].map((label) => ({
      name: `company ${label}`,
      path: `/company/${company}`,
      open: tab(label),
    })),
    ...['Information', 'Raw Data'].map((label) => ({ name: `offer ${label}`, path: `/offer/${offer}`, open: tab(label) })),
    ...['Information', 'Raw Data'].map((label) => ({ name: `need ${label}`, path: `/need/${need}`, open: tab(label) })),
  ];
  return [
    { name: 'dashboard', path: '/' },
    { name: 'account', path: '/account' },
    { name: 'admins', path: '/admin' },
    { name: 'users', path: '/user' },
    { name: 'companies', path: '/company' },
    { name: 'offers', path: '/offer' },
    { name: 'needs', path: '/need' },
    { name: 'bank', path: '/bank' },
    { name: 'messages', path: '/message' },
    { name: 'audit', path: '/audit' },
    { name: 'room', path: `/message/${room}` },
    ...['admin', 'company', 'offer', 'need'].map((resource) => ({ name: `${resource} create dialog`, path: `/${resource}`, open: dialog('Create') })),
    { name: 'bank add dialog', path: '/bank', open: dialog('Add image') },
    { name: 'account password dialog', path: '/account', open: dialog('Reset password') },
    {
      name: 'company invite dialog',
      path: `/company/${company}`,
      open: async (page) => {
        await tab('Users')(page);
        await dialog('Invite user')(page);
      },
    },
    ...records,
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
  // collects the failing nodes only; a screen takes half the time.
  const { violations } = await new AxeBuilder({ page })
    .withTags(WCAG_21_AA)
    .options({ resultTypes: ['violations'] })
    .setLegacyMode()
    .analyze();
  return violations.map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
}

for (const size of SIZES) {
  test(`axe finds no WCAG 2.1 AA violation on any screen (${size.name})`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(size.viewport);
    const found: Record<string, string[]> = {};

    for (const path of ['/auth', '/auth/forgot', '/auth/reset?token=abc']) {
      await page.goto(path);
      await expect(page.getByRole('button').first()).toBeVisible();
      const violations = await violationsOf(page);
      if (violations.length) found[path] = violations;
    }

    await page.goto('/auth');
    await signIn(page);
    for (const view of await everyView(page)) {
      await openInConsole(page, view.path);
      await expect(page.getByRole('button', { name: 'Profile' })).toBeVisible();
      // The screen's code has arrived once it has titled the page (the app bar's h1).
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/\S/);
      await view.open?.(page);
      const violations = await violationsOf(page);
      if (violations.length) found[view.name] = violations;
    }
    expect(found).toEqual({});
  });
}
