import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testDataProvider, type DataProvider } from 'react-admin';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { App } from '../../src/App';
import type { AdminAuthProvider } from '../../src/providers/authProvider';

export const ME = { id: 'me0000000000000000000000', fullName: 'Demo Admin', email: 'admin@example.com' };

/** A signed-in (or not) admin, without any server. */
export function fakeAuthProvider(overrides: Partial<AdminAuthProvider> = {}, signedIn = true): AdminAuthProvider {
  return {
    login: vi.fn(async () => undefined),
    logout: vi.fn(async () => '/auth'),
    checkAuth: vi.fn(async () => {
      if (!signedIn) throw { redirectTo: '/auth', message: false };
    }),
    checkError: vi.fn(async () => undefined),
    getIdentity: vi.fn(async () => ME),
    getPermissions: vi.fn(async () => undefined),
    startSession: vi.fn(() => true),
    ...overrides,
  };
}

/** Shows the router's location, so that tests can assert redirections. */
const LocationProbe = () => {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
};

/** Data provider methods as tests mock them: plain vi.fn()s, untyped by react-admin's generics. */
export type MockedDataProvider = Partial<Record<keyof DataProvider, (...args: never[]) => Promise<unknown>>>;

/** The whole console at `path`, over a mocked data provider (react-admin docs/UnitTesting.md). */
export function renderApp(path: string, options: { dataProvider?: MockedDataProvider; authProvider?: AdminAuthProvider } = {}) {
  const dataProvider = testDataProvider((options.dataProvider ?? {}) as Partial<DataProvider>);
  const authProvider = options.authProvider ?? fakeAuthProvider();
  const user = userEvent.setup();
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <App dataProvider={dataProvider} authProvider={authProvider} />
      <LocationProbe />
    </MemoryRouter>,
  );
  return { ...view, user, dataProvider, authProvider, location: () => screen.getByTestId('location').textContent };
}
