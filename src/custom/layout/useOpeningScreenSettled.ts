import { useQueryClient, type Query } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/** How long a screen that asks for no data holds back what waits for it (the account page, for instance). */
export const OPENING_SCREEN_FALLBACK_MS = 4000;

/**
 * react-admin keys its session and identity queries under 'auth'; they answer before any screen asks for data. A query
 * made with its data (the opening list's rows sent ahead: queryClient.ts) counts once a mounted screen shows it: made
 * by a render, it may not be on the page yet (the screen's code still loading).
 */
const asksForData = (query: Query) =>
  query.queryKey[0] !== 'auth' &&
  query.state.status !== 'pending' &&
  (query.state.dataUpdateCount > 0 || query.state.errorUpdateCount > 0 || query.getObserversCount() > 0);

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
