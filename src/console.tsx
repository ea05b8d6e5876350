import { App } from './App';
import { authProvider, dataProvider } from './providers';
import { Dashboard } from './custom/screens';
import { isSmallScreen } from './custom/components/useIsSmallScreen';
import { preloadScreensAt } from './resources';

// The screen the page opens on downloads beside the console's start-up, not after it.
preloadScreensAt(window.location.pathname, isSmallScreen());

/** The signed-in console over the page's providers: fetched apart from the sign-in screens (see main.tsx). */
export default function Console() {
  return <App dataProvider={dataProvider} authProvider={authProvider} />;
}

/** The first screen after sign-in, fetched with the console. */
export const preloadDashboard = () => Dashboard.preload();
