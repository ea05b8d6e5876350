import type { AuthProvider, UserIdentity } from 'react-admin';
import { ErrorCode } from '../../shared/catalogue/errorCodes';
import { messages } from '../../shared/catalogue/messages';
import { roleCanAccess, type AccessRequest } from './access';
import type { ApiBody, HttpClient } from './httpClient';
import type { SessionStore, SessionUser } from './session';
import { getPasskeyCredential } from './webauthn';

interface SessionBody extends ApiBody {
  token?: string;
  user?: SessionUser;
}

export const SIGN_IN_PATH = '/auth';

const isSession = (body: SessionBody): body is SessionBody & { token: string; user: SessionUser } =>
  body.ok !== false && typeof body.token === 'string' && Boolean(body.user?._id);

/** What a password sign-in answers: nothing once the session is open (see `mustEnrol`), or the second step's token (MFA_REQUIRED). */
export type SignInResult = SecondStep | void;
/** After MFA_REQUIRED: the token the second step trades, and the factors the admin has. */
export interface SecondStep {
  mfaToken: string;
  methods: SecondFactorMethod[];
}
export type SecondFactorMethod = 'totp' | 'passkey';

/** The methods MFA_REQUIRED names; an older answer without them meant TOTP. */
export const secondStepOf = (body: ApiBody): SecondStep | undefined =>
  body.code === ErrorCode.MFA_REQUIRED && typeof body.mfa_token === 'string'
    ? { mfaToken: body.mfa_token, methods: Array.isArray(body.mfa_methods) ? (body.mfa_methods as SecondFactorMethod[]) : ['totp'] }
    : undefined;

export interface AdminAuthProvider extends AuthProvider {
  startSession(body: SessionBody): boolean;
  /** Whether the session, as its sign-in or the start-up check answered it, may only enrol a second factor (MFA_REQUIRED_ROLES). */
  mustEnrol(): boolean;
  /** The session's admin now has a second factor: the whole console is theirs again (their role's). */
  enrolled(): void;
  login(params: { email: string; password: string }): Promise<SignInResult>;
  /** The second step of a sign-in: a TOTP or recovery code with the first step's token. */
  loginWithCode(params: { mfaToken: string; code: string }): Promise<void>;
  /** A passkey alone (no password), or as the second step with its token; rejects with the server's code or the prompt's failure. */
  loginWithPasskey(params?: { mfaToken?: string }): Promise<void>;
  /** What canAccess and getIdentity answer, known at once from the in-memory session; undefined before it is read. */
  accessNow(request: AccessRequest): boolean | undefined;
  identityNow(): UserIdentity | undefined;
}

export function createAuthProvider(http: HttpClient, session: SessionStore, log: Pick<Console, 'error'> = console): AdminAuthProvider {
  let startupCheck: Promise<void> | undefined;

  let enrolmentRequired = false;
  const startSession = (body: SessionBody): boolean => {
    if (!isSession(body)) return false;
    session.start(body.token, body.user);
    enrolmentRequired = body.mfa_enrolment_required === true;
    return true;
  };
  const openedSession = (body: SessionBody): void => {
    if (!startSession(body)) throw new Error(body.code || messages.failure.generic);
  };

  /** The httpOnly cookie is traded for the in-memory token once per page load; a 503 says nothing of the session, so the next check asks again. */
  const checkSignInToken = () =>
    (startupCheck ??= http.get<SessionBody>('/admin/signin_token').then(
      (response) => {
        if (response.status === 503) {
          startupCheck = undefined;
          // A plain error with its status: this module is in the sign-in page's script, which carries no react-admin.
          throw Object.assign(new Error(ErrorCode.DATABASE_UNAVAILABLE), { status: 503 });
        }
        startSession(response.body);
      },
      () => undefined,
    ));

  const accessNow = (request: AccessRequest): boolean | undefined => {
    const user = session.user();
    if (!user) return undefined;
    return enrolmentRequired && request.resource !== 'account' ? false : roleCanAccess(user.role, request);
  };
  const identityNow = (): UserIdentity | undefined => {
    const user = session.user();
    return user ? { id: user._id, fullName: user.name, email: user.email, role: user.role } : undefined;
  };

  return {
    startSession,
    accessNow,
    identityNow,
    mustEnrol: () => enrolmentRequired,
    enrolled: () => {
      enrolmentRequired = false;
    },

    async login({ email, password }: { email: string; password: string }) {
      const { body } = await http.post<SessionBody>('/admin/signin', { email, password });
      const secondStep = secondStepOf(body);
      if (secondStep) return secondStep;
      return openedSession(body);
    },

    async loginWithPasskey({ mfaToken }: { mfaToken?: string } = {}) {
      const token = mfaToken ? { mfa_token: mfaToken } : {};
      const options = await http.post<ApiBody & { data?: Record<string, unknown> }>('/admin/signin/passkey/options', token);
      if (!options.body.data) throw new Error(options.body.code || messages.failure.generic);
      const credential = await getPasskeyCredential(options.body.data);
      return openedSession((await http.post<SessionBody>('/admin/signin/passkey', { ...token, credential })).body);
    },

    async loginWithCode({ mfaToken, code }: { mfaToken: string; code: string }) {
      const { body } = await http.post<SessionBody>('/admin/signin/mfa', { mfa_token: mfaToken, code });
      if (!startSession(body)) throw new Error(body.code || messages.failure.generic);
    },

    async checkAuth() {
      if (!session.user()) await checkSignInToken();
      if (!session.user()) throw { redirectTo: SIGN_IN_PATH, message: false };
    },

    async logout() {
      if (!session.token()) {
        session.clear();
        return SIGN_IN_PATH;
      }
      const { status, body } = await http.post('/admin/logout');
      // A 401 means the session is already gone: the admin is signed out either way.
      if (body.ok !== true && status !== 401) {
        log.error(messages.failure.logout, body.code);
        throw new Error(messages.failure.logout);
      }
      session.clear();
      return SIGN_IN_PATH;
    },

    async checkError(error: { status?: number; message?: string; body?: { code?: unknown } }) {
      // Only a dead session signs the admin out; a 403 such as CANNOT_DELETE_SELF is a refusal, not a logout, and so is a
      // 401 REAUTH_REQUIRED that the step-up dialog was cancelled on: the session lives on.
      const staleProof = error?.body?.code === ErrorCode.REAUTH_REQUIRED || error?.message === ErrorCode.REAUTH_REQUIRED;
      if (error?.status === 401 && !staleProof) {
        session.clear();
        throw { redirectTo: SIGN_IN_PATH, message: false };
      }
    },

    async getIdentity() {
      const identity = identityNow();
      if (!identity) throw new Error(messages.failure.generic);
      return identity;
    },

    // The role of the session's admin: a session without one (signed out, or read before roles) may nothing until it is read again.
    // A session that must enrol a second factor may only use its own account, as the server allows (MFA_ENROLMENT_REQUIRED).
    async canAccess(request: AccessRequest) {
      return accessNow(request) ?? false;
    },

    async getPermissions() {
      return undefined;
    },
  };
}
