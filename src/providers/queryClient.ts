import { QueryClient } from '@tanstack/react-query';

/**
 * The console's query cache. react-admin runs `authProvider.checkAuth` again whenever a screen mounts, as a query
 * that every `useAuthState` shares; each run re-renders those observers, the shell's router among them, and with it
 * the whole layout, in the same update as the screen's first rows. The console's check only reads the session held
 * in memory, which nothing ends without signing out (a 401 goes through `checkError`, then logout, which clears this
 * cache), so the start-up answer stays fresh until then.
 */
export function createConsoleQueryClient(): QueryClient {
  const queryClient = new QueryClient();
  queryClient.setQueryDefaults(['auth', 'checkAuth'], { staleTime: Infinity });
  return queryClient;
}
