import { useCallback } from 'react';
import { useAuthNavigation } from './authNavigation';

/**
 * The console mounts afresh (on the dashboard unless told), so that its auth state starts from the new session; a
 * session that may only enrol a second factor is sent on to the Security tab by the console itself (RequireSession).
 */
export function useEnterConsole() {
  const { navigate } = useAuthNavigation();
  return useCallback((path = '/') => navigate(path, { replace: true }), [navigate]);
}
