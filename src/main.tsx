import { StrictMode, lazy } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { authProvider, passwordCalls } from './providers/connection';
import { Root } from './Root';

/**
 * The console is fetched on its first route, or ahead of time while the admin types on a sign-in screen: then
 * with the dashboard, where a new session lands. A failed prefetch is retried by the route itself.
 */
const loadConsole = () => import('./console');
const Console = lazy(loadConsole);
const prefetchConsole = () =>
  void loadConsole()
    .then((module) => module.preloadDashboard())
    .catch(() => undefined);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

createRoot(container).render(
  <StrictMode>
    <BrowserRouter>
      <Root console={Console} authProvider={authProvider} passwordCalls={passwordCalls} prefetchConsole={prefetchConsole} />
    </BrowserRouter>
  </StrictMode>,
);
