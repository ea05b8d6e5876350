import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAuthProvider, useNavigate, useResetStore } from 'react-admin';
import { SIGN_IN_PATH } from '../../providers/authProvider';

/** Sign Out; a failed logout was already logged by the auth provider, and nothing else happens. */
export function useSignOut() {
  const authProvider = useAuthProvider();
  const navigate = useNavigate();
  const resetStore = useResetStore();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    if (!authProvider) return;
    try {
      await authProvider.logout({});
    } catch {
      return;
    }
    navigate(SIGN_IN_PATH, { replace: true });
    resetStore();
    queryClient.clear();
  }, [authProvider, navigate, resetStore, queryClient]);
}
