import { QueryClient } from '@tanstack/react-query';

/**
 * react-admin reruns `checkAuth` as a shared query whenever a screen mounts, re-rendering the whole layout with the
 * screen's first rows. It only reads the in-memory session, which only a sign-out ends (clearing this cache): never stale.
 */
export function createConsoleQueryClient(): QueryClient {
  const queryClient = new QueryClient();
  queryClient.setQueryDefaults(['auth', 'checkAuth'], { staleTime: Infinity });
  return queryClient;
}
