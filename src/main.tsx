import { StrictMode, Suspense, lazy, startTransition, useCallback, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { authProvider, httpClient, passwordCalls } from './providers/connection';
import { AuthShell, type AuthServices } from './custom/auth/AuthShell';
import { AuthScreens, PageLoading } from './custom/auth/AuthScreens';
import { HistoryNavigation, isAuthScreen } from './custom/auth/authNavigation';
import { openingListSearch } from './resources/openingSearch';

/** Fetched on the console's first address, or while the admin types on a sign-in screen (with the dashboard); a failed prefetch is retried by the route. */
const loadConsole = () => import('./console');
const loadRouter = () => import('./consoleRouter');
const Console = lazy(loadConsole);
const ConsoleRouter = lazy(loadRouter);
const prefetchConsole = () => void Promise.all([loadRouter(), loadConsole().then((module) => module.preloadDashboard())]).catch(() => undefined);

const services: AuthServices = { authProvider, passwordCalls, prefetchConsole };

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

// Outside the sign-in screens, the console's code downloads at once beside its router's, the start-up session check runs
// meanwhile, and with a session, so does the first search of the list the page opens on.
if (!isAuthScreen(window.location.pathname)) {
  void loadConsole().catch(() => undefined);
  const openingSearch = openingListSearch(window.location);
  void authProvider.checkAuth({}).then(
    () => (openingSearch && !authProvider.mustEnrol() ? httpClient.sendAhead(openingSearch.path, openingSearch.payload) : undefined),
    () => undefined,
  );
}

/**
 * A page opened on a signed-out screen runs it without the console's router; once the admin is signed in (or follows
 * any other address), the console's router mounts on the address the screen went to. The shell stays mounted across,
 * so that a toast shown just before the console opens stays readable.
 */
const Entry = () => {
  const [inConsole, setInConsole] = useState(() => !isAuthScreen(window.location.pathname));
  const enterConsole = useCallback(() => setInConsole(true), []);
  return (
    <AuthShell services={services}>
      {inConsole ? (
        <Suspense fallback={<PageLoading />}>
          <ConsoleRouter console={Console} />
        </Suspense>
      ) : (
        <HistoryNavigation onLeave={enterConsole}>
          <AuthScreens />
        </HistoryNavigation>
      )}
    </AuthShell>
  );
};

const root = createRoot(container);
// A transition renders in slices that yield to the browser between them, instead of one long task on a slow phone.
startTransition(() =>
  root.render(
    <StrictMode>
      <Entry />
    </StrictMode>,
  ),
);
