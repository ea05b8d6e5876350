import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import BusinessIcon from '@mui/icons-material/Business';
import ChatIcon from '@mui/icons-material/Chat';
import CollectionsIcon from '@mui/icons-material/Collections';
import HistoryIcon from '@mui/icons-material/History';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import PeopleIcon from '@mui/icons-material/People';
import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import { Menu } from 'react-admin';

/** Spec §2 navigation, in its order, then the audit trail; Dashboard matches `/` exactly. */
export const navigation = [
  { to: '/admin', label: 'Admins', icon: <AdminPanelSettingsIcon /> },
  { to: '/user', label: 'Users', icon: <PeopleIcon /> },
  { to: '/company', label: 'Companies', icon: <BusinessIcon /> },
  { to: '/offer', label: 'Offer', icon: <LocalOfferIcon /> },
  { to: '/need', label: 'Need', icon: <PlaylistAddCheckIcon /> },
  { to: '/bank', label: 'Bank', icon: <CollectionsIcon /> },
  { to: '/message', label: 'Messages', icon: <ChatIcon /> },
  { to: '/audit', label: 'Audit', icon: <HistoryIcon /> },
] as const;

export const AppMenu = () => (
  <Menu>
    <Menu.DashboardItem primaryText="Dashboard" />
    {navigation.map((item) => (
      <Menu.Item key={item.to} to={item.to} primaryText={item.label} leftIcon={item.icon} />
    ))}
  </Menu>
);
