import { useState } from 'react';
import { AccessDenied, AdminContext, AdminUI, CanAccess, CustomRoutes, Resource, type DataProvider } from 'react-admin';
import { Route } from 'react-router-dom';
import { PRODUCT_NAME } from '../shared/catalogue/product';
import { AppLayout } from './custom/layout/AppLayout';
import { TopCenterNotification } from './custom/layout/TopCenterNotification';
import { AccountPage, Dashboard } from './custom/screens';
import { ACCOUNT_PATH } from './custom/auth/paths';
import { consoleStore } from './custom/layout/consoleStore';
import { darkTheme, lightTheme } from './custom/layout/theme';
import type { AdminAuthProvider } from './providers/authProvider';
import type { ConsoleDataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18nProvider';
import { createConsoleQueryClient } from './providers/queryClient';
import { consoleEntries } from './resources';

export interface AppProps {
  dataProvider: DataProvider & Partial<Pick<ConsoleDataProvider, 'listAnsweredAhead'>>;
  authProvider: AdminAuthProvider;
}

/** The signed-in console: providers, shell and routes; the signed-out screens (/auth…) render without react-admin in Root. */
export const App = ({ dataProvider, authProvider }: AppProps) => {
  const [queryClient] = useState(() =>
    createConsoleQueryClient({ accessNow: authProvider.accessNow, identityNow: authProvider.identityNow, listAnsweredAhead: dataProvider.listAnsweredAhead }),
  );
  return (
    // What react-admin's <Admin> renders, with the console's own i18n provider: <Admin> imports react-admin's default
    // one (node-polyglot and its polyfills) even when given another.
    <AdminContext
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      lightTheme={lightTheme}
      darkTheme={darkTheme}
      store={consoleStore()}
      queryClient={queryClient}
    >
      <AdminUI title={PRODUCT_NAME} loginPage={false} layout={AppLayout} dashboard={Dashboard} notification={TopCenterNotification} disableTelemetry>
        {consoleEntries.map((entry) =>
          entry.kind === 'resource' && entry.list ? (
            <Resource
              key={entry.name}
              name={entry.name}
              list={entry.list}
              edit={entry.edit}
              show={entry.show}
              icon={entry.menu?.icon}
              recordRepresentation={entry.recordRepresentation}
            >
              {entry.routes?.map(({ path, page: Page }) => (
                <Route
                  key={path}
                  path={path}
                  element={
                    <CanAccess action="show" accessDenied={<AccessDenied />}>
                      <Page />
                    </CanAccess>
                  }
                />
              ))}
            </Resource>
          ) : null,
        )}
        <CustomRoutes>
          {/* A resource's list and record pages ask for their access themselves (react-admin's /access-denied); a page, here. */}
          {consoleEntries.map((entry) =>
            entry.kind === 'page' ? (
              <Route
                key={entry.path}
                path={entry.path}
                element={
                  <CanAccess resource={entry.resource} action="list" accessDenied={<AccessDenied />}>
                    <entry.page />
                  </CanAccess>
                }
              />
            ) : null,
          )}
          <Route path={ACCOUNT_PATH} element={<AccountPage />} />
        </CustomRoutes>
      </AdminUI>
    </AdminContext>
  );
};
