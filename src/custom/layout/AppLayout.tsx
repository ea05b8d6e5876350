import { useEffect, type ReactNode } from 'react';
import { AppBar, Layout, TitlePortal } from 'react-admin';
import { DocumentTitle } from '../components/DocumentTitle';
import { preloadAllScreens } from '../../resources';
import { AccountPage, Dashboard } from '../screens';
import { whenIdle } from '../whenIdle';
import { AppMenu } from './AppMenu';
import { AppUserMenu } from './AppUserMenu';
import { RequireSession } from './RequireSession';

const AppTopBar = () => (
  <AppBar userMenu={<AppUserMenu />}>
    <TitlePortal />
  </AppBar>
);

/** Once signed in, every screen's code is fetched while the browser is idle: no click waits for a chunk. */
const PreloadScreensWhenIdle = () => {
  useEffect(
    () =>
      whenIdle(() => {
        preloadAllScreens();
        void Dashboard.preload().catch(() => undefined);
        void AccountPage.preload().catch(() => undefined);
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
