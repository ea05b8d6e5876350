/** The server's error codes: SCREAMING_SNAKE, each sent as `{ok:false, code}` (shared/contract/envelope.ts). */
export const ErrorCode = {
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  UNAUTHORIZED: 'UNAUTHORIZED',
  NOT_FOUND: 'NOT_FOUND',
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  EMAIL_TAKEN: 'EMAIL_TAKEN',
  CANNOT_DELETE_SELF: 'CANNOT_DELETE_SELF',
  RATE_LIMITED: 'RATE_LIMITED',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_FILE_TYPE: 'UNSUPPORTED_FILE_TYPE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  INVALID_JSON: 'INVALID_JSON',
  INVALID_URL: 'INVALID_URL',
  URI_TOO_LONG: 'URI_TOO_LONG',
  HEADERS_TOO_LARGE: 'HEADERS_TOO_LARGE',
  REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
  INVALID_REQUEST: 'INVALID_REQUEST',
  INVALID_TOKEN: 'INVALID_TOKEN',
  BALANCE_OUT_OF_RANGE: 'BALANCE_OUT_OF_RANGE',
  COMPANY_NOT_EMPTY: 'COMPANY_NOT_EMPTY',
  RECORD_IN_USE: 'RECORD_IN_USE',
  REFERENCE_GONE: 'REFERENCE_GONE',
  WEAK_PASSWORD: 'WEAK_PASSWORD',
  PASSWORD_MISMATCH: 'PASSWORD_MISMATCH',
  WRONG_PASSWORD: 'WRONG_PASSWORD',
  /** 409: the version sent (If-Match or `version`) is not the record's any more; `data` is the record as it now is. */
  STALE_RECORD: 'STALE_RECORD',
  /** 403: the signed-in admin's role may not do this (shared/catalogue/permissions.ts); nothing changed. */
  FORBIDDEN: 'FORBIDDEN',
  /** 409: the change would leave no owner. */
  LAST_OWNER: 'LAST_OWNER',
  /** 403: the admin who asked for a credit adjustment cannot approve it too. */
  SELF_APPROVAL: 'SELF_APPROVAL',
  /** 409: the credit request is no longer pending (approved, rejected or expired). */
  ALREADY_DECIDED: 'ALREADY_DECIDED',
  /** 409: a balance moved by more than the approval threshold goes through a credit request. */
  APPROVAL_REQUIRED: 'APPROVAL_REQUIRED',
  /** 401: the password was right and the admin has a second factor: `mfa_token` goes to `POST /admin/signin/mfa` with a code. */
  MFA_REQUIRED: 'MFA_REQUIRED',
  /** A TOTP or recovery code that is wrong, stale or already used. */
  INVALID_CODE: 'INVALID_CODE',
  /** 409: the admin's TOTP is already confirmed: disable it before enrolling again. */
  MFA_ALREADY_ENABLED: 'MFA_ALREADY_ENABLED',
  /** 409: no TOTP set up (confirm) or confirmed (disable, regenerate). */
  MFA_NOT_ENABLED: 'MFA_NOT_ENABLED',
  /** 403: the admin's role needs a second factor (MFA_REQUIRED_ROLES): only enrolling one and signing out are open until then. */
  MFA_ENROLMENT_REQUIRED: 'MFA_ENROLMENT_REQUIRED',
  /** 400: the passkey's answer was not for this console, this challenge, or a known key (or the challenge was used or expired). */
  INVALID_PASSKEY: 'INVALID_PASSKEY',
  /** 409: that authenticator's passkey is registered already. */
  PASSKEY_EXISTS: 'PASSKEY_EXISTS',
  /** 401: a dangerous call needs a fresher proof of identity (STEP_UP_MINUTES): `POST /admin/reauth`, then the call again; the session stays. */
  REAUTH_REQUIRED: 'REAUTH_REQUIRED',
  DATABASE_UNAVAILABLE: 'DATABASE_UNAVAILABLE',
  SERVER_STOPPING: 'SERVER_STOPPING',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
