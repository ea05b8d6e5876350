import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { AuthContext, CanAccess, ResourceContextProvider, useCanAccessResources, useGetIdentity } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { roleCanAccess, type AccessRequest } from '../../src/providers/access';
import { createConsoleQueryClient, sessionAnswer } from '../../src/providers/queryClient';
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
  const authProvider = fakeAuthProvider({ ...answers, canAccess: vi.fn(() => new Promise<boolean>(() => undefined)) });
  render(
    <QueryClientProvider client={createConsoleQueryClient(answers)}>
      <AuthContext.Provider value={authProvider}>
        <Probe />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

describe("the session's answers to react-admin's access and identity queries", () => {
  it('are there in the first render: the guarded button, its refusal and the identity, with no frame asking', () => {
    renderFirstFrame(support);
    expect(screen.getByText(/Demo Admin lists companies true, audit false/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'List companies' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();
    expect(screen.queryByText('asking…')).not.toBeInTheDocument();
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
