import { lazyNamed } from './lazyNamed';

/** The console's screens outside resources/: the dashboard at `/` and the account page. */
export const Dashboard = lazyNamed(() => import('./dashboard/Dashboard'), 'Dashboard');
export const AccountPage = lazyNamed(() => import('./account/AccountPage'), 'AccountPage');
