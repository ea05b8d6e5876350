import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import {
  AuthContext,
  CanAccess,
  DataProviderContext,
  ResourceContextProvider,
  useCanAccessResources,
  useGetIdentity,
  useGetList,
  type UserIdentity,
} from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { roleCanAccess, type AccessRequest } from '../../src/providers/access';
import { createDataProvider } from '../../src/providers/dataProvider';
import { createHttpClient } from '../../src/providers/httpClient';
import { createConsoleQueryClient, sessionAnswer } from '../../src/providers/queryClient';
import { openingListSearch } from '../../src/resources/openingSearch';
import { fakeFetch } from '../helpers/fakeFetch';
import { ME, fakeAuthProvider } from '../helpers/fakeProviders';

const support = {
  accessNow: (request: AccessRequest) => roleCanAccess('support', request),
  identityNow: () => ({ ...ME, role: 'support' }),
};

/** What the first render shows, before any query has resolved. */
const Probe = () => {
  const { identity } = useGetIdentity();
  const { canAccess } = useCanAccessResources({ action: 'list', resources: ['company', 'audit_event'] });
  return (
    <p>
      {identity?.fullName ?? 'nobody'} lists companies {String(canAccess?.company)}, audit {String(canAccess?.audit_event)}
      <ResourceContextProvider value="company">
        <CanAccess action="list" loading={<span>asking…</span>}>
          <button type="button">List companies</button>
        </CanAccess>
        <CanAccess action="create" loading={<span>asking…</span>}>
          <button type="button">Create</button>
        </CanAccess>
      </ResourceContextProvider>
    </p>
  );
};

function renderFirstFrame(answers: typeof support) {
  // The queries would answer a tick later: asserting synchronously sees only what the session answered at once.
  const authProvider = fakeAuthProvider({
    ...answers,
    canAccess: vi.fn(() => new Promise<boolean>(() => undefined)),
    getIdentity: vi.fn(() => new Promise<UserIdentity>(() => undefined)),
  });
  const queryClient = createConsoleQueryClient(answers);
  render(
    <QueryClientProvider client={queryClient}>
      <AuthContext.Provider value={authProvider}>
        <Probe />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return { authProvider, queryClient };
}

describe("the session's answers to react-admin's access and identity queries", () => {
  it('are there in the first render: the guarded button, its refusal and the identity, with no frame asking', () => {
    renderFirstFrame(support);
    expect(screen.getByText(/Demo Admin lists companies true, audit false/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'List companies' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();
    expect(screen.queryByText('asking…')).not.toBeInTheDocument();
  });

  it('are not asked again: asking reads the same session, and would only render the guarded screen twice more; an invalidation asks', async () => {
    const { authProvider, queryClient } = renderFirstFrame(support);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(authProvider.canAccess).not.toHaveBeenCalled();
    expect(authProvider.getIdentity).not.toHaveBeenCalled();
    void queryClient.invalidateQueries({ queryKey: ['auth', 'getIdentity'] });
    await waitFor(() => expect(authProvider.getIdentity).toHaveBeenCalled());
  });

  it('are left to the queries while the session is not read yet', () => {
    renderFirstFrame({ accessNow: () => undefined, identityNow: () => undefined } as never);
    expect(screen.getAllByText('asking…')).toHaveLength(2);
    expect(screen.getByText(/nobody/)).toBeInTheDocument();
  });

  it('answer only the keys of the access and identity queries', () => {
    expect(sessionAnswer(support, ['auth', 'canAccess', { action: 'delete', resource: 'company' }])).toBe(false);
    expect(sessionAnswer(support, ['auth', 'canAccess', ['company', 'audit_event'], 'list', undefined])).toEqual({ company: true, audit_event: false });
    expect(sessionAnswer(support, ['auth', 'checkAuth', {}])).toBeUndefined();
    expect(sessionAnswer(support, ['company', 'getList', {}])).toBeUndefined();
  });
});

describe('the opening list’s search, sent ahead by the entry', () => {
  const company = { id: 'c1', name: 'Cèdre Conseil' };
  const OpeningList = () => {
    // As the companies' list opens: page 1 of 10, unfiltered, newest first (its listOpening).
    const { data, isPending } = useGetList('company', { pagination: { page: 1, perPage: 10 }, sort: { field: 'created_at', order: 'DESC' }, filter: {} });
    return <p>{isPending ? 'loading' : data?.map((record) => record.name).join(', ')}</p>;
  };

  async function openList(arrivedFirst: boolean) {
    const { fetch, calls } = fakeFetch([200, { ok: true, data: [company], total: 1 }], [200, { ok: true, data: [company], total: 1 }]);
    const http = createHttpClient({ baseUrl: 'http://api.test/api', token: () => 'tok-1', fetch });
    const opening = openingListSearch({ pathname: '/company', search: '' });
    if (!opening) throw new Error('/company sends no search ahead');
    http.sendAhead(opening.path, opening.payload);
    if (arrivedFirst) await new Promise((resolve) => setTimeout(resolve, 0));
    const dataProvider = createDataProvider(http);
    // Strict mode renders twice before mounting, as a render that suspends is rendered again: the rule must hold for both.
    render(
      <StrictMode>
        <QueryClientProvider client={createConsoleQueryClient({ ...support, listAnsweredAhead: dataProvider.listAnsweredAhead })}>
          <MemoryRouter>
            <DataProviderContext.Provider value={dataProvider}>
              <OpeningList />
            </DataProviderContext.Provider>
          </MemoryRouter>
        </QueryClientProvider>
      </StrictMode>,
    );
    return calls;
  }

  it('gives the list its rows in its first render once the answer has arrived, and is not asked again on mount', async () => {
    const calls = await openList(true);
    expect(screen.getByText('Cèdre Conseil')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toHaveLength(1);
  });

  it('leaves the list to its own call while the answer is on its way (the call takes it, nothing is sent twice)', async () => {
    const calls = await openList(false);
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('Cèdre Conseil')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });
});
