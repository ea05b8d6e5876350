import { StrictMode, lazy, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { SIGN_IN_PATH } from './providers/authProvider';
import { authProvider, httpClient, passwordCalls } from './providers/connection';
import { ENROL_PATH } from './custom/auth/useEnterConsole';
import { openingListSearch } from './resources/openingSearch';
import { Root } from './Root';

/** Fetched on its first route, or while the admin types on a sign-in screen (with the dashboard); a failed prefetch is retried by the route. */
const loadConsole = () => import('./console');
const Console = lazy(loadConsole);
const prefetchConsole = () =>
  void loadConsole()
    .then((module) => module.preloadDashboard())
    .catch(() => undefined);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

/** A data router: react-admin's warning before leaving unsaved edits blocks navigations, which only a data router can do. */
const router = createBrowserRouter([
  { path: '*', element: <Root console={Console} authProvider={authProvider} passwordCalls={passwordCalls} prefetchConsole={prefetchConsole} /> },
]);

// Outside the sign-in screens, the start-up session check runs while the console's code downloads, and with a
// session, so does the first search of the list the page opens on. A session that may only enrol a second factor
// (MFA_REQUIRED_ROLES) opens on the Security tab, wherever the page was, before any screen asks for what it may not read.
if (!window.location.pathname.startsWith(SIGN_IN_PATH)) {
  const openingSearch = openingListSearch(window.location);
  void authProvider.checkAuth({}).then(
    () => {
      if (authProvider.mustEnrol()) void router.navigate(ENROL_PATH, { replace: true });
      else if (openingSearch) httpClient.sendAhead(openingSearch.path, openingSearch.payload);
    },
    () => undefined,
  );
}

const root = createRoot(container);
// A transition renders in slices that yield to the browser between them, instead of one long task on a slow phone.
startTransition(() =>
  root.render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  ),
);
