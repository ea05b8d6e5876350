import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import LogoutIcon from '@mui/icons-material/PowerSettingsNew';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { Link } from 'react-router-dom';
import { UserMenu, useGetIdentity, useUserMenu } from 'react-admin';
import { useSignOut } from './useSignOut';

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
      <MyAccountItem />
      <SignOutItem />
    </UserMenu>
  );
};
