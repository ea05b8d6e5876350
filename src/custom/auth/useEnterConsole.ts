import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

/** The console mounts afresh on the dashboard, so that its auth state starts from the new session. */
export function useEnterConsole() {
  const navigate = useNavigate();
  return useCallback(() => navigate('/', { replace: true }), [navigate]);
}
