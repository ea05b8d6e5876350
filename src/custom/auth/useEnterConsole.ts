import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * After a session opens (sign-in, reset from link): refresh react-admin's cached auth state first —
 * the admin routes stay mounted beside /auth and would otherwise still see a signed-out user and
 * log out — then go to the dashboard.
 */
export function useEnterConsole() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    await queryClient.refetchQueries({ queryKey: ['auth'] });
    navigate('/', { replace: true });
  }, [queryClient, navigate]);
}
