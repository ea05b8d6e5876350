import { QueryClient, type QueryKey } from '@tanstack/react-query';
import type { AdminAuthProvider } from './authProvider';

type Answers = Pick<AdminAuthProvider, 'accessNow' | 'identityNow'>;

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
 * react-admin reruns `checkAuth` as a shared query whenever a screen mounts, re-rendering the whole layout with the
 * screen's first rows. It only reads the in-memory session, which only a sign-out ends (clearing this cache): never stale.
 *
 * It asks canAccess and getIdentity through queries too, so every button they guard, and the user menu, would first
 * render without them and move into place a frame later (a layout shift, and a second render of the screen). The
 * session holds both answers at once: a new query of theirs starts with it, and is still asked again as usual.
 */
export function createConsoleQueryClient(answers: Answers): QueryClient {
  const queryClient = new QueryClient();
  queryClient.setQueryDefaults(['auth', 'checkAuth'], { staleTime: Infinity });
  const defaults = queryClient.defaultQueryOptions.bind(queryClient);
  queryClient.defaultQueryOptions = ((options: Parameters<typeof defaults>[0]) => {
    const defaulted = defaults(options);
    if (defaulted.initialData !== undefined || !defaulted.queryKey) return defaulted;
    const answer = sessionAnswer(answers, defaulted.queryKey);
    return answer === undefined ? defaulted : { ...defaulted, initialData: answer };
  }) as typeof queryClient.defaultQueryOptions;
  return queryClient;
}
