import { QueryClient, type Query, type QueryKey } from '@tanstack/react-query';
import type { GetListParams } from 'react-admin';
import type { AdminAuthProvider } from './authProvider';
import type { ConsoleDataProvider } from './dataProvider';

type Answers = Pick<AdminAuthProvider, 'accessNow' | 'identityNow'> & Partial<Pick<ConsoleDataProvider, 'listAnsweredAhead'>>;

/** The answer the session already holds for one of react-admin's access or identity queries, by its key. */
export function sessionAnswer(answers: Answers, queryKey: QueryKey): unknown {
  const [scope, kind, what, action] = queryKey;
  if (scope !== 'auth') return undefined;
  if (kind === 'getIdentity') return answers.identityNow();
  if (kind !== 'canAccess') return undefined;
  // useCanAccess: ['auth', 'canAccess', { action, resource, … }]; useCanAccessResources: ['auth', 'canAccess', resources, action, record].
  if (Array.isArray(what) && typeof action === 'string') {
    const entries = what.map((resource) => [resource, answers.accessNow({ resource: String(resource), action })] as const);
    return entries.some(([, may]) => may === undefined) ? undefined : Object.fromEntries(entries);
  }
  const request = what as { action?: unknown; resource?: unknown } | undefined;
  return typeof request?.action === 'string' && typeof request.resource === 'string'
    ? answers.accessNow({ action: request.action, resource: request.resource })
    : undefined;
}

/**
 * The opening list's search, sent ahead by the entry (main.tsx), has mostly arrived when the list mounts: a getList
 * query it answers starts with its rows, so the page renders once with them rather than empty and again a tick later.
 * Those rows are not asked again by the mount that took them (nor by another within 2 s); any later mount, refresh or
 * write asks as usual. They go stale as any answer does, with no timer of their own to re-render the page.
 */
const TAKEN_ROWS_FRESH_MS = 2_000;

function listAnsweredAhead(answers: Answers, queryKey: QueryKey) {
  const [resource, kind, params] = queryKey;
  if (kind !== 'getList' || typeof resource !== 'string' || !params || typeof params !== 'object') return undefined;
  return answers.listAnsweredAhead?.(resource, params as GetListParams);
}

/**
 * react-admin reruns `checkAuth` as a shared query whenever a screen mounts, re-rendering the whole layout with the
 * screen's first rows. It only reads the in-memory session, which only a sign-out ends (clearing this cache): never stale.
 *
 * It asks canAccess and getIdentity through queries too, so every button they guard, and the user menu, would first
 * render without them and move into place a frame later (a layout shift, and a second render of the screen). The
 * session holds both answers at once: a new query of theirs starts with it and is not asked again, since asking reads
 * the same session (a fetch would only re-render, twice, what it guards: the whole list page); an invalidation still
 * asks (the account page's, after a change of name).
 */
export function createConsoleQueryClient(answers: Answers): QueryClient {
  const queryClient = new QueryClient();
  /** The queries (by hash) that took a list's rows sent ahead. */
  const tookRows = new Set<string>();
  queryClient.setQueryDefaults(['auth', 'checkAuth'], { staleTime: Infinity });
  const defaults = queryClient.defaultQueryOptions.bind(queryClient);
  queryClient.defaultQueryOptions = ((options: Parameters<typeof defaults>[0]) => {
    const defaulted = defaults(options);
    if (defaulted.initialData !== undefined || !defaulted.queryKey) return defaulted;
    const hash = defaulted.queryHash ?? '';
    const ahead = tookRows.has(hash) ? undefined : listAnsweredAhead(answers, defaulted.queryKey);
    if (ahead || tookRows.has(hash)) {
      const usual = defaulted.refetchOnMount;
      return {
        ...defaulted,
        // Called once, as the query is made: the answer is taken then.
        ...(ahead && {
          initialData: () => {
            const rows = ahead.take();
            if (rows) tookRows.add(hash);
            return rows;
          },
        }),
        // Every render sets the options again, the mount's included: the rule holds for the query, not for one call.
        refetchOnMount: (query: Query) => {
          if (query.state.dataUpdateCount === 0 && Date.now() - query.state.dataUpdatedAt < TAKEN_ROWS_FRESH_MS) return false;
          return typeof usual === 'function' ? usual(query as never) : (usual ?? true);
        },
      };
    }
    const answer = sessionAnswer(answers, defaulted.queryKey);
    return answer === undefined ? defaulted : { ...defaulted, initialData: answer, staleTime: Infinity };
  }) as typeof queryClient.defaultQueryOptions;
  return queryClient;
}
