import { Box } from '@mui/material';
import { Menu, useCanAccess } from 'react-admin';
import { navigation } from '../../resources';
import { useListable } from '../components/useListable';

const listedResources = navigation.map((entry) => entry.resource);

/**
 * An admin sees the links of what their role may list. Pointing at or focusing a link fetches its screens before the
 * click; the list sits in a navigation landmark, which react-admin's Menu lacks.
 */
export const AppMenu = () => {
  const listable = useListable(listedResources);
  // Every role's, but not a session's that must enrol a second factor first.
  const { canAccess: dashboard } = useCanAccess({ resource: 'dashboard', action: 'read' });
  return (
    <Box component="nav" aria-label="Main">
      <Menu>
        {dashboard && <Menu.DashboardItem primaryText="Dashboard" />}
        {navigation
          .filter((entry) => listable(entry.resource))
          .map(({ to, label, icon: Icon, preload }) => (
            <Menu.Item key={to} to={to} primaryText={label} leftIcon={<Icon />} onMouseEnter={preload} onFocus={preload} />
          ))}
      </Menu>
    </Box>
  );
};
