import { useCallback } from 'react';
import { useAuthServices } from './AuthShell';
import { useAuthNavigation } from './authNavigation';

/** Where an admin who must enrol a second factor first lands: the account page's Security tab. */
export const ENROL_PATH = '/account#security';

/**
 * The console mounts afresh (on the dashboard unless told), so that its auth state starts from the new session; a
 * session that may only enrol a second factor opens on the Security tab, whatever was asked.
 */
export function useEnterConsole() {
  const { navigate } = useAuthNavigation();
  const { authProvider } = useAuthServices();
  return useCallback((path = '/') => navigate(authProvider.mustEnrol() ? ENROL_PATH : path, { replace: true }), [navigate, authProvider]);
}
