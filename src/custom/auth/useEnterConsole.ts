import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

interface ReturnLocation {
  nextPathname?: string;
  nextSearch?: string;
}

/**
 * After a session opens (sign-in, reset from link): refresh react-admin's cached auth state first —
 * the admin routes stay mounted beside /auth and would otherwise still see a signed-out user and
 * log out — then go where the admin was heading, or to the dashboard.
 */
export function useEnterConsole() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const state = (location.state ?? {}) as ReturnLocation;
  return useCallback(async () => {
    await queryClient.refetchQueries({ queryKey: ['auth'] });
    const next = state.nextPathname && !state.nextPathname.startsWith('/auth') ? `${state.nextPathname}${state.nextSearch ?? ''}` : '/';
    navigate(next, { replace: true });
  }, [queryClient, navigate, state.nextPathname, state.nextSearch]);
}
