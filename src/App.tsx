import { Admin, CustomRoutes, Resource, memoryStore, type DataProvider } from 'react-admin';
import { Route } from 'react-router-dom';
import { PRODUCT_NAME } from './catalogue/product';
import { Placeholder } from './custom/components/Placeholder';
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

/** Screens that later issues deliver; their links lead to an honest placeholder until then. */
const pending = [
  { path: '/bank', title: 'Bank' },
  { path: '/message', title: 'Messages' },
  { path: '/account', title: 'Your Account' },
];

const Dashboard = () => <Placeholder title="Dashboard" />;

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
    requireAuth
    loginPage={false}
    layout={AppLayout}
    dashboard={Dashboard}
    notification={TopCenterNotification}
    theme={theme}
    store={memoryStore()}
    disableTelemetry
  >
    <CustomRoutes noLayout>
      <Route path="/auth" element={<SignInPage />} />
    </CustomRoutes>
    <Resource name="admin" {...admins} />
    <Resource name="user" {...users} />
    <Resource name="company" {...companies} />
    <Resource name="offer" {...offers} />
    <Resource name="need" {...needs} />
    <CustomRoutes>
      {pending.map(({ path, title }) => (
        <Route key={path} path={`${path}/*`} element={<Placeholder title={title} />} />
      ))}
    </CustomRoutes>
  </Admin>
);
