import { useEffect, type ReactNode } from 'react';
import { AppBar, Layout, TitlePortal } from 'react-admin';
import { DocumentTitle } from '../components/DocumentTitle';
import { preloadListPowerTools } from '../components/lazyListPowerTools';
import { preloadAllScreens } from '../../resources';
import { AccountPage, Dashboard } from '../screens';
import { QuickFind } from '../quickFind/QuickFind';
import { whenIdle } from '../whenIdle';
import { AppMenu } from './AppMenu';
import { AppUserMenu } from './AppUserMenu';
import { RequireSession } from './RequireSession';

/**
 * The page's title is its one h1, styled as before; then the quick find (Ctrl-K), and react-admin's light/dark
 * toggle beside the account menu.
 */
const AppTopBar = () => (
  <AppBar userMenu={<AppUserMenu />}>
    <TitlePortal variantMapping={{ h6: 'h1' }} />
    <QuickFind />
  </AppBar>
);

/** Once signed in, every screen's code is fetched while the browser is idle: no click waits for a chunk. */
const PreloadScreensWhenIdle = () => {
  useEffect(
    () =>
      whenIdle(() => {
        preloadAllScreens();
        // The dashboard's chart library too, which it fetches only once its figures are drawn.
        void Dashboard.preload()
          .then((dashboard) => dashboard.preloadCharts())
          .catch(() => undefined);
        void AccountPage.preload().catch(() => undefined);
        // Every list's export and bulk buttons.
        void preloadListPowerTools().catch(() => undefined);
      }),
    [],
  );
  return null;
};

/** The shell: sidebar on large screens, slide-over menu on small ones (react-admin's own behaviour). */
export const AppLayout = ({ children }: { children: ReactNode }) => (
  <RequireSession>
    <PreloadScreensWhenIdle />
    <Layout appBar={AppTopBar} menu={AppMenu}>
      <DocumentTitle />
      {children}
    </Layout>
  </RequireSession>
);
