import { Suspense, type ComponentType } from 'react';
import { Admin, CustomRoutes, LoadingPage, Resource, memoryStore, type DataProvider } from 'react-admin';
import { Route } from 'react-router-dom';
import { PRODUCT_NAME } from '../shared/catalogue/product';
import { lazyNamed } from './custom/lazyNamed';
import { AppLayout } from './custom/layout/AppLayout';
import { TopCenterNotification } from './custom/layout/TopCenterNotification';
import { theme } from './custom/layout/theme';
import type { AdminAuthProvider } from './providers/authProvider';
import { consoleEntries } from './resources';

const SignInPage = lazyNamed(() => import('./custom/auth/SignInPage'), 'SignInPage');
const ForgotPasswordPage = lazyNamed(() => import('./custom/auth/ForgotPasswordPage'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyNamed(() => import('./custom/auth/ResetPasswordPage'), 'ResetPasswordPage');
const ResetPasswordRedirect = lazyNamed(() => import('./custom/auth/ResetPasswordPage'), 'ResetPasswordRedirect');
const Dashboard = lazyNamed(() => import('./custom/dashboard/Dashboard'), 'Dashboard');
const AccountPage = lazyNamed(() => import('./custom/account/AccountPage'), 'AccountPage');

/** A boundary of its own, so that loading a screen's code never unmounts what is already shown. */
const Lazy = ({ page: Page }: { page: ComponentType }) => (
  <Suspense fallback={<LoadingPage />}>
    <Page />
  </Suspense>
);

export interface AppProps {
  dataProvider: DataProvider;
  authProvider: AdminAuthProvider;
}

/**
 * The one place that declares the console: providers, shell, and the routes of the entries listed in
 * resources/ (a resource without screens, such as the ledger, needs no route), then the pages outside the menu.
 */
export const App = ({ dataProvider, authProvider }: AppProps) => (
  <Admin
    title={PRODUCT_NAME}
    dataProvider={dataProvider}
    authProvider={authProvider}
    loginPage={false}
    layout={AppLayout}
    dashboard={Dashboard}
    notification={TopCenterNotification}
    theme={theme}
    store={memoryStore()}
    disableTelemetry
  >
    <CustomRoutes noLayout>
      <Route path="/auth" element={<Lazy page={SignInPage} />} />
      <Route path="/auth/forgot" element={<Lazy page={ForgotPasswordPage} />} />
      <Route path="/auth/reset" element={<Lazy page={ResetPasswordPage} />} />
      <Route path="/auth/reset-password" element={<Lazy page={ResetPasswordRedirect} />} />
    </CustomRoutes>
    {consoleEntries.map((entry) =>
      entry.kind === 'resource' && entry.list ? (
        <Resource
          key={entry.name}
          name={entry.name}
          list={entry.list}
          edit={entry.edit}
          icon={entry.menu?.icon}
          recordRepresentation={entry.recordRepresentation}
        >
          {entry.routes?.map(({ path, page: Page }) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
        </Resource>
      ) : null,
    )}
    <CustomRoutes>
      {consoleEntries.map((entry) => (entry.kind === 'page' ? <Route key={entry.path} path={entry.path} element={<entry.page />} /> : null))}
      <Route path="/account" element={<AccountPage />} />
    </CustomRoutes>
  </Admin>
);
