import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { LoadingPage, useAuthState } from 'react-admin';
import { SIGN_IN_PATH } from '../../providers/authProvider';

/**
 * Every admin page shows a loader until the start-up session check ends, then either the
 * page or a redirect to /auth. (react-admin's own `requireAuth` logs out on mount, and its logout
 * resets the auth queries it depends on, which can loop several times before the redirect lands.)
 */
export const RequireSession = ({ children }: { children: ReactNode }) => {
  const { isPending, authenticated } = useAuthState(undefined, false);
  if (isPending) return <LoadingPage />;
  if (!authenticated) return <Navigate to={SIGN_IN_PATH} replace />;
  return <>{children}</>;
};
