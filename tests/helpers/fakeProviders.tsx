import { screen } from '@testing-library/react';
import { testDataProvider, type DataProvider } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import type { Role } from '../../shared/catalogue/permissions';
import { roleCanAccess, type AccessRequest } from '../../src/providers/access';
import type { AdminAuthProvider } from '../../src/providers/authProvider';

export const ME = { id: 'ae0000000000000000000000', fullName: 'Demo Admin', email: 'admin@example.com', role: 'owner' as Role };

/** `ME` as the server's sign-in answers it (the session's user), at `version`. */
export const meAsSessionUser = (version = 1) => ({
  _id: ME.id,
  name: ME.fullName,
  email: ME.email,
  role: ME.role,
  last_login_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
  version,
});

/** The overrides of an admin of `role` (the permission table's answers, and the identity the account menu shows): `fakeAuthProvider(signedInAs('support'))`. */
export const signedInAs = (role: Role): Partial<AdminAuthProvider> => ({
  canAccess: vi.fn(async (request: AccessRequest) => roleCanAccess(role, request)),
  getIdentity: vi.fn(async () => ({ ...ME, role })),
});

/** A signed-in (or not) admin, an owner unless told (signedInAs), without any server. */
export function fakeAuthProvider(overrides: Partial<AdminAuthProvider> = {}, signedIn = true): AdminAuthProvider {
  return {
    login: vi.fn(async () => undefined),
    loginWithCode: vi.fn(async () => undefined),
    loginWithPasskey: vi.fn(async () => undefined),
    logout: vi.fn(async () => '/auth'),
    checkAuth: vi.fn(async () => {
      if (!signedIn) throw { redirectTo: '/auth', message: false };
    }),
    checkError: vi.fn(async () => undefined),
    getPermissions: vi.fn(async () => undefined),
    startSession: vi.fn(() => true),
    // No answer at once: components meet react-admin's access and identity queries as they resolve (queryClient.test.ts covers the answers).
    accessNow: () => undefined,
    identityNow: () => undefined,
    mustEnrol: vi.fn(() => false),
    enrolled: vi.fn(),
    ...signedInAs('owner'),
    ...overrides,
  };
}

/**
 * Data provider methods as tests mock them: plain vi.fn()s, react-admin's (getList…) and the console's own calls
 * (getDashboard…) alike, untyped by react-admin's generics, so that no mock needs an `as never`.
 */
export type MockedDataProvider = Partial<Record<keyof DataProvider | (string & {}), (...args: never[]) => Promise<unknown>>>;

/** A record page's presence calls when a test does not follow them: nobody else is there, and the push is refused (404). */
const noPresence: MockedDataProvider = {
  joinRecord: async () => [],
  leaveRecord: async () => undefined,
  openRecordEvents: async () => new Response(null, { status: 404 }),
} as MockedDataProvider;

/** The layout's idle timeout reads the server's minutes (SessionTimeoutWarning): the default hour, no session listed; no security event either. */
const noSessions: MockedDataProvider = {
  listSessions: async () => ({ ok: true, data: [], idle_minutes: 60 }),
  listSecurityEvents: async () => ({ ok: true, data: [] }),
};

/** react-admin's test double over the mocked methods: any other method throws (except the presence, session and security-event calls, which answer nobody). */
export const mockedDataProvider = (methods: MockedDataProvider = {}) => testDataProvider({ ...noPresence, ...noSessions, ...methods } as Partial<DataProvider>);

/** Shows the router's location, so that tests can assert redirections. */
export const LocationProbe = () => {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
};

/** The path and query the router is at, as LocationProbe shows it. */
export const currentLocation = () => screen.getByTestId('location').textContent;
