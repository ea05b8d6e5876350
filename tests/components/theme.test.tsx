import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { consoleStore } from '../../src/custom/layout/consoleStore';
import { palettes } from '../../src/custom/layout/palette';
import { fakeAuthProvider } from '../helpers/fakeProviders';
import { answerMediaQueries } from '../helpers/mediaQueries';
import { renderApp } from '../helpers/renderApp';

const STORED_THEME = 'RaStore.theme';
const listOfNothing = { getList: vi.fn(async () => ({ data: [], total: 0 })) };

/** A browser whose system setting asks for a dark (or light) interface; larger screens otherwise, as componentSetup. */
function systemPrefers(scheme: 'dark' | 'light') {
  answerMediaQueries((query) => (query.includes('prefers-color-scheme: dark') ? scheme === 'dark' : query.includes('min-width')));
}

/** The top bar, once the console has opened on a titled screen. */
async function appBar() {
  await screen.findByRole('heading', { level: 1, name: 'Admins' });
  return screen.getByRole('banner');
}

const expectMode = async (mode: 'light' | 'dark') =>
  waitFor(async () => expect(await appBar()).toHaveStyle({ backgroundColor: palettes[mode].appBar.background }));

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('light and dark', () => {
  it('follows the system by default: dark when it prefers dark', async () => {
    systemPrefers('dark');
    renderApp('/admin', { dataProvider: listOfNothing });
    await expectMode('dark');
    expect(window.localStorage.getItem(STORED_THEME)).toBeNull();
  });

  it('follows the system by default: light when it prefers light', async () => {
    systemPrefers('light');
    renderApp('/admin', { dataProvider: listOfNothing });
    await expectMode('light');
  });

  it('switches with the app bar toggle, and remembers the choice after a reload', async () => {
    systemPrefers('light');
    const first = renderApp('/admin', { dataProvider: listOfNothing });
    await expectMode('light');
    await first.user.click(within(await appBar()).getByRole('button', { name: 'Toggle light/dark mode' }));
    await expectMode('dark');
    expect(window.localStorage.getItem(STORED_THEME)).toBe('"dark"');

    first.unmount();
    renderApp('/admin', { dataProvider: listOfNothing });
    await expectMode('dark');
  });

  it('a stored choice wins over the system', async () => {
    systemPrefers('dark');
    window.localStorage.setItem(STORED_THEME, '"light"');
    renderApp('/admin', { dataProvider: listOfNothing });
    await expectMode('light');
  });

  it('the signed-out screens follow the same choice, and follow a switch made in the console', async () => {
    systemPrefers('light');
    window.localStorage.setItem(STORED_THEME, '"dark"');
    renderApp('/auth', { authProvider: fakeAuthProvider({}, false) });
    const card = (await screen.findByRole('heading', { level: 1, name: 'Sign in' })).closest('.MuiCard-root');
    expect(card).toHaveStyle({ backgroundColor: palettes.dark.background.paper });

    act(() => consoleStore().setItem('theme', 'light'));
    await waitFor(() => expect(card).toHaveStyle({ backgroundColor: palettes.light.background.paper }));
  });

  it('Sign Out keeps the device’s theme but forgets the session’s state', () => {
    const store = consoleStore();
    store.setup();
    store.setItem('theme', 'dark');
    store.setItem('admin.listParams', { page: 3 });
    store.reset();
    expect(store.getItem('theme')).toBe('dark');
    expect(store.getItem('admin.listParams')).toBeUndefined();
    expect(window.localStorage.getItem('RaStore.admin.listParams')).toBeNull();
    store.teardown();
  });
});

describe('app bar accessibility', () => {
  it('the page title is the one h1; banner, navigation and main are there', async () => {
    renderApp('/admin', { dataProvider: listOfNothing });
    const [title, ...others] = await screen.findAllByRole('heading', { level: 1 });
    expect(title).toHaveTextContent('Admins');
    expect(others).toHaveLength(0);
    expect(within(screen.getByRole('banner')).getByRole('heading', { level: 1 })).toBe(title);
    // The menu's entries come with the admin's permissions.
    expect(screen.getByRole('navigation', { name: 'Main' })).toContainElement(await screen.findByRole('menuitem', { name: 'Admins' }));
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('/account has one h1, its title', async () => {
    renderApp('/account', { dataProvider: listOfNothing });
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual(['Your Account']));
  });

  it("the account button's name contains the name it shows", async () => {
    renderApp('/admin', { dataProvider: listOfNothing });
    const button = await screen.findByRole('button', { name: /Demo Admin/ });
    expect(button).toHaveTextContent('Demo Admin');
    expect(button).toHaveAccessibleName('Demo Admin (Profile)');
  });

  it('every button of the app bar has a name', async () => {
    renderApp('/admin', { dataProvider: listOfNothing });
    const buttons = within(await appBar()).getAllByRole('button');
    expect(buttons.length).toBeGreaterThanOrEqual(3);
    for (const button of buttons) expect(button).toHaveAccessibleName();
  });
});
