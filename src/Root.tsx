import { CircularProgress, Box } from '@mui/material';
import { Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { AuthShell, type AuthServices } from './custom/auth/AuthShell';
import { SignInPage } from './custom/auth/SignInPage';
import { lazyNamed } from './custom/lazyNamed';
import { FORGOT_PATH, OLD_RESET_PATH, RESET_PATH } from './custom/auth/paths';
import { SIGN_IN_PATH } from './providers/authProvider';

export interface RootProps extends AuthServices {
  console: ComponentType;
}

/** The password screens are visited from a link, rarely: /auth's first load carries only the sign-in form. */
const ForgotPasswordPage = lazyNamed(() => import('./custom/auth/ForgotPasswordPage'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyNamed(() => import('./custom/auth/ResetPasswordPage'), 'ResetPasswordPage');
const ResetPasswordRedirect = lazyNamed(() => import('./custom/auth/ResetPasswordPage'), 'ResetPasswordRedirect');

const PageLoading = () => (
  <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
    <CircularProgress aria-label="Loading" />
  </Box>
);

/** The signed-out screens render without react-admin (a light first load); every other address is the console. */
export const Root = ({ console: Console, ...services }: RootProps) => (
  <AuthShell services={services}>
    {/* Only lazy screens suspend; each is the whole page, so one boundary serves them all. */}
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route path={SIGN_IN_PATH} element={<SignInPage />} />
        <Route path={FORGOT_PATH} element={<ForgotPasswordPage />} />
        <Route path={RESET_PATH} element={<ResetPasswordPage />} />
        <Route path={OLD_RESET_PATH} element={<ResetPasswordRedirect />} />
        <Route path="*" element={<Console />} />
      </Routes>
    </Suspense>
  </AuthShell>
);
