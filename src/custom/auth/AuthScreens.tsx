import { Box, CircularProgress } from '@mui/material';
import { Suspense, type ComponentType } from 'react';
import { SIGN_IN_PATH } from '../../providers/authProvider';
import { lazyNamed } from '../lazyNamed';
import { useAuthNavigation } from './authNavigation';
import { FORGOT_PATH, OLD_RESET_PATH, RESET_PATH, type AuthPath } from './paths';
import { SignInPage } from './SignInPage';

/** The password screens are visited from a link, rarely: /auth's first load carries only the sign-in form. */
const ForgotPasswordPage = lazyNamed(() => import('./ForgotPasswordPage'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyNamed(() => import('./ResetPasswordPage'), 'ResetPasswordPage');
const ResetPasswordRedirect = lazyNamed(() => import('./ResetPasswordPage'), 'ResetPasswordRedirect');

export const PageLoading = () => (
  <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
    <CircularProgress aria-label="Loading" />
  </Box>
);

/** A screen for each of AUTH_PATHS, which the type checks both ways. */
const SCREENS: Record<AuthPath, ComponentType> = {
  [SIGN_IN_PATH]: SignInPage,
  [FORGOT_PATH]: ForgotPasswordPage,
  [RESET_PATH]: ResetPasswordPage,
  [OLD_RESET_PATH]: ResetPasswordRedirect,
};

/** The signed-out screen of the address (isAuthScreen); only the lazy ones suspend, each the whole page. */
export const AuthScreens = () => {
  const { pathname } = useAuthNavigation().location;
  const Screen = SCREENS[pathname.replace(/\/+$/, '') as AuthPath] ?? SignInPage;
  return (
    <Suspense fallback={<PageLoading />}>
      <Screen />
    </Suspense>
  );
};
