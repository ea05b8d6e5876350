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
import { SessionTimeoutWarning } from './SessionTimeoutWarning';
import { StepUpDialog, preloadStepUpDialog } from '../stepUp/StepUpDialog';

/** The page's title is its one h1. */
const AppTopBar = () => (
  <AppBar userMenu={<AppUserMenu />}>
    <TitlePortal variantMapping={{ h6: 'h1' }} />
    <QuickFind />
  </AppBar>
);

/**
 * Every screen's code, fetched once the opening screen has its data (IdlePreloads), one entry per idle period
 * (inIdleTurns): no click waits for a chunk, a slow phone gets no long task, a slow network no delayed search.
 */
const idlePreloads: ReadonlyArray<() => Promise<unknown>> = [
  preloadListPowerTools,
  preloadCreateDialog,
  preloadQuickFind,
  ...entryPreloads,
  AccountPage.preload,
  preloadStepUpDialog,
  Dashboard.preload,
  async () => (await Dashboard.preload()).preloadCharts(),
];

export const AppLayout = ({ children }: { children: ReactNode }) => (
  <RequireSession>
    <IdlePreloads preloads={idlePreloads} />
    <DatabaseOutageNotice />
    <SessionTimeoutWarning />
    <StepUpDialog />
    <Layout appBar={AppTopBar} menu={AppMenu}>
      <DocumentTitle />
      {children}
    </Layout>
  </RequireSession>
);
