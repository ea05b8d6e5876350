import { useEffect } from 'react';
import { useNotify } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { ErrorCode } from '../../../shared/catalogue/errorCodes';
import { messages } from '../../../shared/catalogue/messages';

/** One toast per outage burst: every list and call of the page fails at once while the database is away. */
const QUIET_MS = 10_000;

const isOutage = (error: unknown): boolean => error instanceof Error && error.message === ErrorCode.DATABASE_UNAVAILABLE;

/** A toast when any query or mutation fails with 503 DATABASE_UNAVAILABLE; the session is kept (checkError signs out on 401 only). */
export function DatabaseOutageNotice() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  useEffect(() => {
    let lastToldAt = -Infinity;
    const tell = (error: unknown) => {
      if (!isOutage(error) || Date.now() - lastToldAt < QUIET_MS) return;
      lastToldAt = Date.now();
      notify(messages.failure.databaseUnavailable, { type: 'warning' });
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') tell(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') tell(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient, notify]);
  return null;
}
