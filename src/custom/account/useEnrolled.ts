import { useQueryClient } from '@tanstack/react-query';
import { useAuthProvider } from 'react-admin';
import type { AdminAuthProvider } from '../../providers/authProvider';

/** After a second factor is added: a session that had to enrol may use the console again, its menu and buttons asked afresh. */
export function useEnrolled(): () => Promise<void> {
  const authProvider = useAuthProvider<AdminAuthProvider>();
  const queryClient = useQueryClient();
  return async () => {
    if (!authProvider?.mustEnrol()) return;
    authProvider.enrolled();
    await queryClient.invalidateQueries({ queryKey: ['auth', 'canAccess'] });
  };
}
