import ChatIcon from '@mui/icons-material/Chat';
import { Suspense, type ComponentType } from 'react';
import { Admin, CustomRoutes, LoadingPage, Resource, memoryStore, type DataProvider } from 'react-admin';
import { Route } from 'react-router-dom';
import { PRODUCT_NAME } from '../shared/catalogue/product';
import { lazyNamed } from './custom/lazyNamed';
import { AppLayout } from './custom/layout/AppLayout';
import { TopCenterNotification } from './custom/layout/TopCenterNotification';
import { theme } from './custom/layout/theme';
import type { AdminAuthProvider } from './providers/authProvider';
import admins from './resources/admins';
import companies from './resources/companies';
import needs from './resources/needs';
import offers from './resources/offers';
import users from './resources/users';

const SignInPage = lazyNamed(() => import('./custom/auth/SignInPage'), 'SignInPage');
const ForgotPasswordPage = lazyNamed(() => import('./custom/auth/ForgotPasswordPage'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyNamed(() => import('./custom/auth/ResetPasswordPage'), 'ResetPasswordPage');
const ResetPasswordRedirect = lazyNamed(() => import('./custom/auth/ResetPasswordPage'), 'ResetPasswordRedirect');
const Dashboard = lazyNamed(() => import('./custom/dashboard/Dashboard'), 'Dashboard');
const AccountPage = lazyNamed(() => import('./custom/account/AccountPage'), 'AccountPage');
const BankPage = lazyNamed(() => import('./custom/bank/BankPage'), 'BankPage');
const RoomList = lazyNamed(() => import('./custom/chat/RoomList'), 'RoomList');
const RoomChat = lazyNamed(() => import('./custom/chat/RoomChat'), 'RoomChat');
const AuditPage = lazyNamed(() => import('./custom/audit/AuditPage'), 'AuditPage');

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

/** The one place that declares the console: providers, shell, resources and custom routes. */
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
    <Resource name="admin" {...admins} />
    <Resource name="user" {...users} />
    <Resource name="company" {...companies} />
    <Resource name="offer" {...offers} />
    <Resource name="need" {...needs} />
    <Resource name="message" list={RoomList} icon={ChatIcon}>
      <Route path=":id" element={<RoomChat />} />
    </Resource>
    <CustomRoutes>
      <Route path="/bank" element={<BankPage />} />
      <Route path="/account" element={<AccountPage />} />
      <Route path="/audit" element={<AuditPage />} />
    </CustomRoutes>
  </Admin>
);
