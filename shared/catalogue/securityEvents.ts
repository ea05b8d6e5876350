import { AUDIT_ACTION_LABELS, type AuditAction } from './audit';

/**
 * The audit actions about an admin's own sign-in and factors: recorded with the browser they came from, and listed on
 * the account page's Security tab (GET /admin/security_events).
 */
export const ACCOUNT_SECURITY_ACTIONS = [
  'sign_in',
  'failed_sign_in',
  'sign_out',
  'session_revoke',
  'reauth',
  'failed_reauth',
  'second_factor_locked',
  'password_change',
  'password_reset',
  'password_reset_request',
  'mfa_enable',
  'mfa_disable',
  'recovery_codes_regenerate',
  'recovery_code_used',
  'passkey_add',
  'passkey_rename',
  'passkey_remove',
] as const satisfies readonly AuditAction[];

/** Saves of the admin's own record, listed only when they change the sign-in address or the role. */
export const ACCOUNT_CHANGE_ACTIONS = ['update', 'overwrite'] as const satisfies readonly AuditAction[];
export const ACCOUNT_CHANGE_FIELDS = ['email', 'role'] as const;

/** How many of the newest the Security tab shows. */
export const SECURITY_EVENTS_SHOWN = 20;

/** The audit trail's label, but for a save of the account, which says what it changed. */
export const securityEventLabel = (action: AuditAction): string =>
  (ACCOUNT_CHANGE_ACTIONS as readonly AuditAction[]).includes(action) ? 'Account changed' : AUDIT_ACTION_LABELS[action];
