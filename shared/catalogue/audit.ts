import { declaredEntities } from '../entities';
import type { Resource } from './permissions';
/** Amounts and balances: at most 2 decimals, absolute value below this. */
export const CREDIT_LIMIT = 10 ** 12;
export const CREDIT_DECIMALS = 2;

/** What the audit trail names, with its label: the console's entities, then every entity declared by its fields (shared/entities/). */
export const AUDIT_ENTITY_LABELS = {
  admin: 'Admin',
  user: 'User',
  company: 'Company',
  offer: 'Offer',
  need: 'Need',
  category_image: 'Category image',
  room: 'Room',
  file: 'File',
  session: 'Session',
  audit_event: 'Audit trail',
  ...(Object.fromEntries(declaredEntities.map((entity) => [entity.name, entity.label])) as Partial<Record<Resource, string>>),
} as const;

export type AuditEntity = keyof typeof AUDIT_ENTITY_LABELS;
export const AUDIT_ENTITIES = Object.keys(AUDIT_ENTITY_LABELS) as [AuditEntity, ...AuditEntity[]];

export const AUDIT_ACTIONS = [
  'create',
  'update',
  /** An update saved over a newer version on purpose (X-Overwrite: true, the console's 'Overwrite with mine'). */
  'overwrite',
  'delete',
  'sign_in',
  'sign_out',
  'failed_sign_in',
  /** A session ended from the sessions list (one's own, or an owner's of another admin's). */
  'session_revoke',
  'password_change',
  'password_reset',
  'password_reset_request',
  /** The second factor (TOTP): confirmed, removed, its recovery codes replaced, one of them spent on a sign-in. */
  'mfa_enable',
  'mfa_disable',
  'recovery_codes_regenerate',
  'recovery_code_used',
  /** A passkey registered, renamed or removed by its admin. */
  'passkey_add',
  'passkey_rename',
  'passkey_remove',
  /** Step-up re-authentication (STEP_UP_MINUTES): the session's proof renewed, or a wrong password or code. */
  'reauth',
  'failed_reauth',
  /** Failures of an admin's second factor (or of their recovery codes) reached the allowance, from any address: locked for the window. */
  'second_factor_locked',
  'impersonation',
  'credit_adjustment',
  /** Four eyes (decisions.md): an adjustment asked for, then approved (the balance moves), rejected or expired unanswered. */
  'credit_request',
  'credit_approval',
  'credit_rejection',
  'credit_request_expiry',
  'comment',
  'comment_delete',
  'admin_message',
  'invite',
  'upload',
  'sync',
  'export',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  create: 'Create',
  update: 'Update',
  overwrite: 'Overwrite',
  delete: 'Delete',
  sign_in: 'Sign in',
  sign_out: 'Sign out',
  failed_sign_in: 'Failed sign in',
  session_revoke: 'Session ended',
  password_change: 'Password change',
  password_reset: 'Password reset',
  password_reset_request: 'Password reset request',
  mfa_enable: 'Second factor enabled',
  mfa_disable: 'Second factor disabled',
  recovery_codes_regenerate: 'Recovery codes regenerated',
  recovery_code_used: 'Recovery code used',
  passkey_add: 'Passkey added',
  passkey_rename: 'Passkey renamed',
  passkey_remove: 'Passkey removed',
  reauth: 'Re-authentication',
  failed_reauth: 'Failed re-authentication',
  second_factor_locked: 'Second factor locked',
  impersonation: 'Impersonation',
  credit_adjustment: 'Credit adjustment',
  credit_request: 'Credit request',
  credit_approval: 'Credit approval',
  credit_rejection: 'Credit rejection',
  credit_request_expiry: 'Credit request expired',
  comment: 'Comment',
  comment_delete: 'Comment deleted',
  admin_message: 'Admin message',
  invite: 'Invite',
  upload: 'Upload',
  sync: 'Sync',
  export: 'Export',
};
