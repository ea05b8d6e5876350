import type { ErrorCode } from '../../shared/catalogue/errorCodes';
import { declaredEntities, refusingLinksTo } from '../../shared/entities';

/** What the OpenAPI document knows of a route when listing its refusals. */
export interface RouteTraits {
  method: string;
  /** `/api/x/{id}`. */
  path: string;
  hasBody: boolean;
  hasPathParams: boolean;
  /** If-Match, `version` or `versions`. */
  versioned: boolean;
  /** Authorization or, for the start-up call, the cookie. */
  signedIn: boolean;
  /** Behind a role's permission (server/lib/permissions.ts). */
  permitted: boolean;
  /** May answer 401 REAUTH_REQUIRED, by its policy (server/lib/permissions.ts `asksFreshProof`). */
  freshProof: boolean;
}

export type Refusals = Partial<Record<number, ErrorCode[]>>;

/** Refusals beyond those the route's shape implies (grep `AppError(` in server/routes and server/lib). */
const OWN_REFUSALS: Record<string, Refusals> = {
  'POST /api/admin/signin': { 401: ['INVALID_CREDENTIALS', 'MFA_REQUIRED'], 429: ['RATE_LIMITED'] },
  'POST /api/admin/signin/mfa': { 401: ['INVALID_TOKEN', 'INVALID_CODE'], 429: ['RATE_LIMITED'] },
  'POST /api/admin/forgot_password': { 429: ['RATE_LIMITED'] },
  'POST /api/admin/forgot_password_reset': { 400: ['INVALID_TOKEN', 'PASSWORD_MISMATCH', 'WEAK_PASSWORD'], 401: ['MFA_REQUIRED'], 429: ['RATE_LIMITED'] },
  'POST /api/admin/mfa/totp/setup': { 409: ['MFA_ALREADY_ENABLED'] },
  'POST /api/admin/mfa/totp/confirm': { 400: ['INVALID_CODE'], 409: ['MFA_ALREADY_ENABLED', 'MFA_NOT_ENABLED'] },
  'POST /api/admin/mfa/totp/disable': { 400: ['WRONG_PASSWORD'], 409: ['MFA_NOT_ENABLED'] },
  'POST /api/admin/mfa/recovery_codes/regenerate': { 400: ['INVALID_CODE'], 409: ['MFA_NOT_ENABLED'] },
  'POST /api/admin/reauth': { 400: ['WRONG_PASSWORD', 'INVALID_CODE', 'INVALID_PASSKEY'], 429: ['RATE_LIMITED'] },
  'POST /api/admin/signin/passkey/options': { 401: ['INVALID_TOKEN'], 429: ['RATE_LIMITED'] },
  'POST /api/admin/signin/passkey': { 401: ['INVALID_TOKEN', 'INVALID_PASSKEY'], 429: ['RATE_LIMITED'] },
  'POST /api/admin/passkeys': { 400: ['INVALID_PASSKEY'], 409: ['PASSKEY_EXISTS'] },
  'POST /api/admin/reset_password': { 400: ['WRONG_PASSWORD', 'PASSWORD_MISMATCH', 'WEAK_PASSWORD'], 429: ['RATE_LIMITED'] },
  'GET /api/registry/recherche': { 401: ['UNAUTHORIZED'] },
  'POST /api/user/impersonation/exchange': { 400: ['INVALID_TOKEN'] },
  'POST /api/admin': { 409: ['EMAIL_TAKEN'] },
  'PUT /api/admin': { 409: ['EMAIL_TAKEN'] },
  'PUT /api/admin/{id}': { 409: ['EMAIL_TAKEN', 'LAST_OWNER'] },
  'DELETE /api/admin/{id}': { 403: ['CANNOT_DELETE_SELF'], 409: ['LAST_OWNER'] },
  'POST /api/user/invite': { 409: ['EMAIL_TAKEN', 'REFERENCE_GONE'] },
  'PUT /api/user/{id}': { 409: ['EMAIL_TAKEN', 'REFERENCE_GONE'] },
  'POST /api/user/bulk_move': { 409: ['REFERENCE_GONE'] },
  'PUT /api/company/{id}': { 400: ['BALANCE_OUT_OF_RANGE'], 409: ['APPROVAL_REQUIRED'] },
  'DELETE /api/company/{id}': { 409: ['COMPANY_NOT_EMPTY', 'APPROVAL_REQUIRED'] },
  'POST /api/company/{id}/credit': { 400: ['BALANCE_OUT_OF_RANGE'] },
  'POST /api/credit_request/{id}/approve': { 400: ['BALANCE_OUT_OF_RANGE'], 403: ['SELF_APPROVAL'], 409: ['ALREADY_DECIDED', 'REFERENCE_GONE'] },
  'POST /api/credit_request/{id}/reject': { 409: ['ALREADY_DECIDED'] },
  'POST /api/offer': { 409: ['REFERENCE_GONE'] },
  'PUT /api/offer/{id}': { 409: ['REFERENCE_GONE'] },
  'POST /api/need': { 409: ['REFERENCE_GONE'] },
  'PUT /api/need/{id}': { 409: ['REFERENCE_GONE'] },
  'POST /api/file': { 413: ['PAYLOAD_TOO_LARGE'], 415: ['UNSUPPORTED_FILE_TYPE'] },
};

const NO_DATABASE = new Set(['GET /api/health', 'GET /api/registry/recherche']);

/** For the test that keeps them naming real routes. */
export const routesWithOwnRefusals = (): string[] => Object.keys(OWN_REFUSALS);

/** Each code once, in a stable order. */
export function refusalsOf(route: RouteTraits): Refusals {
  const key = `${route.method} ${route.path}`;
  const refusals: Record<number, Set<ErrorCode>> = {};
  const add = (status: number, ...codes: ErrorCode[]) => codes.forEach((code) => (refusals[status] ??= new Set()).add(code));
  // A NUL character in any URL is refused as invalid (server/plugins/jsonBodies.ts), a malformed one as INVALID_URL.
  add(400, 'VALIDATION_ERROR', 'INVALID_URL');
  if (route.hasBody) {
    add(400, 'INVALID_JSON');
    add(413, 'PAYLOAD_TOO_LARGE');
    add(415, 'UNSUPPORTED_MEDIA_TYPE');
  }
  if (route.signedIn) add(401, 'UNAUTHORIZED');
  // An admin who must enrol a second factor first is refused the rest (MFA_REQUIRED_ROLES).
  if (route.freshProof) add(401, 'REAUTH_REQUIRED');
  if (route.permitted) add(403, 'FORBIDDEN', 'MFA_ENROLMENT_REQUIRED');
  if (route.hasPathParams) add(404, 'NOT_FOUND');
  if (route.versioned) add(409, 'STALE_RECORD');
  // A declared entity's record that declared links refuse to lose (server/lib/refusingLinks.ts; companies say COMPANY_NOT_EMPTY).
  const deleted = route.method === 'DELETE' ? /^\/api\/(\w+)\/\{id\}$/.exec(route.path)?.[1] : undefined;
  if (declaredEntities.some((entity) => entity.name === deleted) && refusingLinksTo(deleted ?? '').length) add(409, 'RECORD_IN_USE');
  // Exports hold one of a few slots while streaming (server/lib/exportSlots.ts).
  if (route.path.endsWith('/export')) add(429, 'RATE_LIMITED');
  for (const [status, codes] of Object.entries(OWN_REFUSALS[key] ?? {})) add(Number(status), ...(codes ?? []));
  add(500, 'INTERNAL_ERROR');
  add(503, ...(NO_DATABASE.has(key) ? [] : (['DATABASE_UNAVAILABLE'] as const)), 'SERVER_STOPPING');
  return Object.fromEntries(Object.entries(refusals).map(([status, codes]) => [status, [...codes]]));
}
