import { useQueryClient, type Query } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/** How long a screen that asks for no data holds back what waits for it (the account page, for instance). */
export const OPENING_SCREEN_FALLBACK_MS = 4000;

/** react-admin keys its session and identity queries under 'auth'; they answer before any screen asks for data. */
const asksForData = (query: Query) => query.queryKey[0] !== 'auth' && query.state.status !== 'pending';

/** True once no query is in flight and a data query has answered (or failed), or after `fallbackMs`; then it stays true. */
export function useOpeningScreenSettled(fallbackMs = OPENING_SCREEN_FALLBACK_MS): boolean {
  const queryClient = useQueryClient();
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (settled) return;
    const cache = queryClient.getQueryCache();
    const check = () => {
      if (queryClient.isFetching() === 0 && cache.getAll().some(asksForData)) setSettled(true);
    };
    check();
    const unsubscribe = cache.subscribe(check);
    const fallback = window.setTimeout(() => setSettled(true), fallbackMs);
    return () => {
      unsubscribe();
      window.clearTimeout(fallback);
    };
  }, [queryClient, settled, fallbackMs]);
  return settled;
}
