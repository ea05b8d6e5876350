import { useDeferredValue, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { LoadingPage, useAuthState } from 'react-admin';
import { SIGN_IN_PATH } from '../../providers/authProvider';
import { DatabaseAwayPage } from './DatabaseAwayPage';

/**
 * Not react-admin's `requireAuth`: it logs out on mount, and its logout resets the auth queries it depends on, which can
 * loop before the redirect lands. The answer is deferred, so that the shell renders in slices rather than one long task.
 */
export const RequireSession = ({ children }: { children: ReactNode }) => {
  const { isPending, authenticated, error, refetch, isFetching } = useAuthState(undefined, false);
  const databaseAway = (error as { status?: unknown } | null)?.status === 503;
  const session = useDeferredValue(isPending ? 'checking' : authenticated ? 'signed-in' : databaseAway ? 'unknown' : 'signed-out');
  if (session === 'checking') return <LoadingPage />;
  // The session could not be checked (the database is away): the admin is not sent to sign in again.
  if (session === 'unknown') return <DatabaseAwayPage retrying={isFetching} onRetry={() => void refetch()} />;
  if (session === 'signed-out') return <Navigate to={SIGN_IN_PATH} replace />;
  return <>{children}</>;
};
