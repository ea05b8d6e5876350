import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { App } from '../../src/App';
import type { AdminAuthProvider } from '../../src/providers/authProvider';
import { LocationProbe, currentLocation, fakeAuthProvider, mockedDataProvider, type MockedDataProvider } from './fakeProviders';

/**
 * The whole console at `path`, over a mocked data provider (react-admin docs/UnitTesting.md): for what only
 * the whole app shows, such as routing, the layout and its menu, and the sign-in redirects. A screen on its
 * own renders faster with renderScreen.
 */
export function renderApp(path: string, options: { dataProvider?: MockedDataProvider; authProvider?: AdminAuthProvider } = {}) {
  const dataProvider = mockedDataProvider(options.dataProvider);
  const authProvider = options.authProvider ?? fakeAuthProvider();
  const user = userEvent.setup();
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <App dataProvider={dataProvider} authProvider={authProvider} />
      <LocationProbe />
    </MemoryRouter>,
  );
  return { ...view, user, dataProvider, authProvider, location: currentLocation };
}
