import type { ReactNode } from 'react';
import { AppBar, Layout, TitlePortal } from 'react-admin';
import { DocumentTitle } from '../components/DocumentTitle';
import { preloadCreateDialog } from '../components/CreateModal';
import { preloadListPowerTools } from '../components/lazyListPowerTools';
import { entryPreloads } from '../../resources';
import { AccountPage, Dashboard } from '../screens';
import { QuickFind, preloadQuickFind } from '../quickFind/QuickFind';
import { AppMenu } from './AppMenu';
import { AppUserMenu } from './AppUserMenu';
import { RequireSession } from './RequireSession';
import { IdlePreloads } from './IdlePreloads';
import { DatabaseOutageNotice } from './DatabaseOutageNotice';

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

/**
 * Once signed in, every screen's code is fetched while the browser is idle, so that no click waits for a chunk: one
 * entry at a time, each in an idle period of its own (inIdleTurns), so that a slow phone never runs them all in one
 * long task while the admin starts using the page. They start once the opening screen has its data
 * (IdlePreloads), so that on a slow network they never delay its search. The list's bulk buttons, its
 * create dialog and the quick find first (the page's own), the menu's screens in order, then the dashboard's chart
 * library, the heaviest, which the dashboard itself fetches only once its figures are drawn.
 */
const idlePreloads: ReadonlyArray<() => Promise<unknown>> = [
  preloadListPowerTools,
  preloadCreateDialog,
  preloadQuickFind,
  ...entryPreloads,
  AccountPage.preload,
  Dashboard.preload,
  async () => (await Dashboard.preload()).preloadCharts(),
];

/** The shell: sidebar on large screens, slide-over menu on small ones (react-admin's own behaviour). */
export const AppLayout = ({ children }: { children: ReactNode }) => (
  <RequireSession>
    <IdlePreloads preloads={idlePreloads} />
    <DatabaseOutageNotice />
    <Layout appBar={AppTopBar} menu={AppMenu}>
      <DocumentTitle />
      {children}
    </Layout>
  </RequireSession>
);
