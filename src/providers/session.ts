import type { Admin } from '../../shared/contract/admins';

export type SessionUser = Admin;

/** The session token lives in memory only; the user is empty at start and null after logout. */
export interface SessionStore {
  token(): string | null;
  user(): SessionUser | null;
  start(token: string, user: SessionUser): void;
  updateUser(user: SessionUser): void;
  clear(): void;
}

export function createSessionStore(): SessionStore {
  let token: string | null = null;
  let user: SessionUser | null = null;
  return {
    token: () => token,
    user: () => user,
    start(nextToken, nextUser) {
      token = nextToken;
      user = nextUser;
    },
    updateUser(nextUser) {
      user = nextUser;
    },
    clear() {
      token = null;
      user = null;
    },
  };
}
