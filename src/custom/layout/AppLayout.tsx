import type { ReactNode } from 'react';
import { AppBar, Layout, TitlePortal } from 'react-admin';
import { AppMenu } from './AppMenu';
import { AppUserMenu } from './AppUserMenu';
import { RequireSession } from './RequireSession';

const AppTopBar = () => (
  <AppBar userMenu={<AppUserMenu />}>
    <TitlePortal />
  </AppBar>
);

/** The shell: sidebar on large screens, slide-over menu on small ones (react-admin's own behaviour). */
export const AppLayout = ({ children }: { children: ReactNode }) => (
  <RequireSession>
    <Layout appBar={AppTopBar} menu={AppMenu}>
      {children}
    </Layout>
  </RequireSession>
);
