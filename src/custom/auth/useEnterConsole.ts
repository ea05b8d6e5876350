import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * After a session opens (sign-in, reset from link): the dashboard. The console mounts afresh there, so its
 * auth state starts from the new session.
 */
export function useEnterConsole() {
  const navigate = useNavigate();
  return useCallback(() => navigate('/', { replace: true }), [navigate]);
}
