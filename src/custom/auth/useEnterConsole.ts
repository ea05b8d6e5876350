import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

/** Where an admin who must enrol a second factor first lands: the account page's Security tab. */
export const ENROL_PATH = '/account#security';

/** The console mounts afresh (on the dashboard unless told), so that its auth state starts from the new session. */
export function useEnterConsole() {
  const navigate = useNavigate();
  return useCallback((path = '/') => navigate(path, { replace: true }), [navigate]);
}
