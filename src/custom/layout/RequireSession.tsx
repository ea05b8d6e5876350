import { useDeferredValue, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { LoadingPage, useAuthProvider, useAuthState } from 'react-admin';
import { SIGN_IN_PATH, type AdminAuthProvider } from '../../providers/authProvider';
import { ACCOUNT_PATH, ENROL_PATH } from '../auth/paths';
import { DatabaseAwayPage } from './DatabaseAwayPage';

/**
 * Not react-admin's `requireAuth`: it logs out on mount, and its logout resets the auth queries it depends on, which can
 * loop before the redirect lands. The answer is deferred, so that the shell renders in slices rather than one long task.
 */
export const RequireSession = ({ children }: { children: ReactNode }) => {
  const { isPending, authenticated, error, refetch, isFetching } = useAuthState(undefined, false);
  const authProvider = useAuthProvider<AdminAuthProvider>();
  const { pathname } = useLocation();
  const databaseAway = (error as { status?: unknown } | null)?.status === 503;
  const session = useDeferredValue(isPending ? 'checking' : authenticated ? 'signed-in' : databaseAway ? 'unknown' : 'signed-out');
  if (session === 'checking') return <LoadingPage />;
  // The session could not be checked (the database is away): the admin is not sent to sign in again.
  if (session === 'unknown') return <DatabaseAwayPage retrying={isFetching} onRetry={() => void refetch()} />;
  if (session === 'signed-out') return <Navigate to={SIGN_IN_PATH} replace />;
  // A session that may only enrol a second factor sees no other screen, not even for a frame: one would ask for what
  // it may not read, and a refusal (react-admin's access denied) could win the race with the redirect.
  if (authProvider?.mustEnrol?.() && pathname !== ACCOUNT_PATH) return <Navigate to={ENROL_PATH} replace />;
  return <>{children}</>;
};
