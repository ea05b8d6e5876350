import { lazyNamed } from './lazyNamed';

export const Dashboard = lazyNamed(() => import('./dashboard/Dashboard'), 'Dashboard');
export const AccountPage = lazyNamed(() => import('./account/AccountPage'), 'AccountPage');
