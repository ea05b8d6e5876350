import { Menu } from 'react-admin';
import { navigation } from '../../resources';

/** Dashboard, then the entries declared in resources/, in their order; Dashboard matches `/` exactly. */
export const AppMenu = () => (
  <Menu>
    <Menu.DashboardItem primaryText="Dashboard" />
    {navigation.map(({ to, label, icon: Icon }) => (
      <Menu.Item key={to} to={to} primaryText={label} leftIcon={<Icon />} />
    ))}
  </Menu>
);
