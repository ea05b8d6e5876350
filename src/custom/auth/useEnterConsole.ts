import { useCallback } from 'react';
import { useAuthServices } from './AuthShell';
import { useAuthNavigation } from './authNavigation';
import { ENROL_PATH } from './paths';

/**
 * The console mounts afresh (on the dashboard unless told), so that its auth state starts from the new session; a
 * session that may only enrol a second factor opens on the Security tab, whatever was asked.
 */
export function useEnterConsole() {
  const { navigate } = useAuthNavigation();
  const { authProvider } = useAuthServices();
  return useCallback((path = '/') => navigate(authProvider.mustEnrol() ? ENROL_PATH : path, { replace: true }), [navigate, authProvider]);
}
