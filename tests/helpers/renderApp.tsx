import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { App } from '../../src/App';
import { Root } from '../../src/Root';
import { AuthShell } from '../../src/custom/auth/AuthShell';
import type { AdminAuthProvider } from '../../src/providers/authProvider';
import type { PasswordCalls } from '../../src/providers/passwordCalls';
import { LocationProbe, currentLocation, fakeAuthProvider, mockedDataProvider, type MockedDataProvider } from './fakeProviders';

export interface RenderAppOptions {
  dataProvider?: MockedDataProvider;
  authProvider?: AdminAuthProvider;
  passwordCalls?: Partial<PasswordCalls>;
}

/**
 * The whole page at `path` (the signed-out screens and the console behind them, as consoleRouter.tsx mounts them),
 * over a mocked data provider (react-admin docs/UnitTesting.md): for what only the whole app shows, such as
 * routing, the layout and its menu, the sign-in redirects and the signed-out screens. A console screen on
 * its own renders faster with renderScreen.
 */
export function renderApp(path: string, options: RenderAppOptions = {}) {
  const dataProvider = mockedDataProvider(options.dataProvider);
  const authProvider = options.authProvider ?? fakeAuthProvider();
  const passwordCalls: PasswordCalls = {
    forgotPassword: vi.fn(async () => undefined),
    resetPasswordFromLink: vi.fn(async () => ({ ok: true })),
    ...options.passwordCalls,
  };
  const prefetchConsole = vi.fn();
  const Console = () => <App dataProvider={dataProvider} authProvider={authProvider} />;
  const user = userEvent.setup();
  // A data router, as main.tsx mounts the page: blocking a navigation (the unsaved-edits warning) needs one.
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <Root console={Console} />
            <LocationProbe />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <AuthShell services={{ authProvider, passwordCalls, prefetchConsole }}>
      <RouterProvider router={router} />
    </AuthShell>,
  );
  return { ...view, user, dataProvider, authProvider, passwordCalls, prefetchConsole, location: currentLocation };
}
