import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import BadgeIcon from '@mui/icons-material/Badge';
import LogoutIcon from '@mui/icons-material/PowerSettingsNew';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { Link } from 'react-router-dom';
import { UserMenu, useGetIdentity, useUserMenu } from 'react-admin';
import { ROLE_LABELS, isRole } from '../../../shared/catalogue/permissions';
import { useSignOut } from './useSignOut';

/** What the signed-in admin may do is their role's: said, not chosen here (only an owner changes roles, never their own). */
const RoleItem = ({ role }: { role: unknown }) =>
  isRole(role) ? (
    // Disabled, for there is nothing to choose, yet as legible as the other items.
    <MenuItem disabled sx={{ '&.Mui-disabled': { opacity: 1 } }}>
      <ListItemIcon>
        <BadgeIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{`Role: ${ROLE_LABELS[role]}`}</ListItemText>
    </MenuItem>
  ) : null;

const MyAccountItem = () => {
  const menu = useUserMenu();
  return (
    <MenuItem component={Link} to="/account" onClick={() => menu?.onClose()}>
      <ListItemIcon>
        <AccountCircleIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>My Account</ListItemText>
    </MenuItem>
  );
};

const SignOutItem = () => {
  const menu = useUserMenu();
  const signOut = useSignOut();
  return (
    <MenuItem
      onClick={() => {
        menu?.onClose();
        void signOut();
      }}
    >
      <ListItemIcon>
        <LogoutIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>Sign Out</ListItemText>
    </MenuItem>
  );
};

/** On large screens the button's name starts with the admin's name (what a voice user says to press it); on a phone it is an icon, 'Profile'. */
export const AppUserMenu = () => {
  const { identity } = useGetIdentity();
  return (
    <UserMenu label={identity?.fullName ? `${identity.fullName} (Profile)` : 'Profile'}>
      <RoleItem role={identity?.role} />
      <MyAccountItem />
      <SignOutItem />
    </UserMenu>
  );
};
