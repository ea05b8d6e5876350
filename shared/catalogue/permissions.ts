/**
 * Who may do what: the one table the server enforces (every route names its permission) and the console reflects
 * (authProvider.canAccess). Resources are react-admin's names; an action the resource does not have is never asked.
 */
export const ROLES = ['owner', 'finance', 'operations', 'support'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = { owner: 'Owner', finance: 'Finance', operations: 'Operations', support: 'Support' };

/** What `POST /admin` without a role creates. */
export const DEFAULT_ROLE: Role = 'support';

export const RESOURCES = [
  'admin',
  'user',
  /** `comment` writes comments and deletes one's own; `moderate` deletes anyone's. */
  'company',
  /** A company's ledger, and its balance: `adjust` moves it at once, `request` asks a second admin to. */
  'credit_entry',
  'credit_request',
  'offer',
  'need',
  'category_image',
  /** Rooms and their messages: `create` writes in a room. */
  'message',
  'audit_event',
  'dashboard',
  'file',
  'presence',
  /** The signed-in admin's own account: `secure` changes how it signs in (password, second factors, passkeys). */
  'account',
] as const;
export type Resource = (typeof RESOURCES)[number];

export const ACTIONS = [
  'list',
  'read',
  'create',
  'update',
  'delete',
  'bulk',
  'export',
  'impersonate',
  'adjust',
  'request',
  'approve',
  'comment',
  'secure',
  'moderate',
] as const;
export type Action = (typeof ACTIONS)[number];

type Grants = Partial<Record<Resource, readonly Action[]>>;

const READ: readonly Action[] = ['list', 'read'];
const READ_EXPORT: readonly Action[] = ['list', 'read', 'export'];
const MANAGE: readonly Action[] = ['list', 'read', 'create', 'update', 'delete', 'bulk', 'export'];

/** What every admin may: the dashboard, presence on a record, their own account, uploading a file a write then uses. */
const EVERYONE: Grants = {
  dashboard: ['read'],
  presence: ['list', 'create', 'delete'],
  account: ['read', 'update', 'secure'],
  file: ['create'],
};

/** Reading every resource but the audit trail. */
const READ_ALL: Grants = {
  ...EVERYONE,
  admin: READ,
  user: READ,
  company: READ,
  credit_entry: ['list'],
  credit_request: ['list'],
  offer: READ,
  need: READ,
  category_image: READ,
  message: READ,
};

const OWNER: Grants = Object.fromEntries(RESOURCES.map((resource) => [resource, ACTIONS]));

export const PERMISSIONS: Record<Role, Grants> = {
  owner: OWNER,
  finance: {
    ...READ_ALL,
    admin: READ_EXPORT,
    user: READ_EXPORT,
    company: ['list', 'read', 'export', 'update', 'comment'],
    credit_entry: ['list', 'adjust', 'request'],
    credit_request: ['list', 'approve'],
    offer: READ_EXPORT,
    need: READ_EXPORT,
    category_image: READ,
    message: READ_EXPORT,
    audit_event: ['list', 'export'],
  },
  operations: {
    ...READ_ALL,
    user: ['list', 'read', 'create', 'update', 'delete', 'bulk', 'export', 'impersonate'],
    company: [...MANAGE, 'comment'],
    credit_entry: ['list', 'request'],
    offer: MANAGE,
    need: MANAGE,
    category_image: MANAGE,
    message: [...READ_EXPORT, 'create'],
  },
  support: {
    ...READ_ALL,
    company: [...READ, 'comment'],
    message: [...READ, 'create'],
  },
};

export const isRole = (value: unknown): value is Role => typeof value === 'string' && (ROLES as readonly string[]).includes(value);

/** Whether an admin of `role` may do `action` on `resource`; an unknown role may do nothing. */
export function may(role: unknown, resource: Resource, action: Action): boolean {
  return isRole(role) && (PERMISSIONS[role][resource]?.includes(action) ?? false);
}

/** A route's or a screen's need: one action on one resource. */
export interface Permission {
  resource: Resource;
  action: Action;
}
