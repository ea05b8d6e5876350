import { Box } from '@mui/material';
import { Menu } from 'react-admin';
import { navigation } from '../../resources';

/**
 * Dashboard, then the entries declared in resources/, in their order; Dashboard matches `/` exactly.
 * Pointing at a link (or focusing it) fetches its screens, so the click does not wait for them.
 * The list sits in a navigation landmark, which react-admin's Menu does not provide.
 */
export const AppMenu = () => (
  <Box component="nav" aria-label="Main">
    <Menu>
      <Menu.DashboardItem primaryText="Dashboard" />
      {navigation.map(({ to, label, icon: Icon, preload }) => (
        <Menu.Item key={to} to={to} primaryText={label} leftIcon={<Icon />} onMouseEnter={preload} onFocus={preload} />
      ))}
    </Menu>
  </Box>
);
