import { DEFAULT_ROLE, ROLES, ROLE_LABELS } from '../catalogue/permissions';
import { defineFields, exportColumnsOf } from './fields';

/**
 * The back-office administrators. Their table stays hand-written (server/db/schema.ts): it keeps what no field shows,
 * the password hash and the second factors, which the record never carries.
 */
export const adminFields = defineFields({
  name: 'admin',
  label: 'Admin',
  plural: 'Admins',
  position: 1,
  recordRepresentation: 'name',
  defaultSort: { field: 'created_at', order: 'DESC' },
  fields: {
    name: { type: 'text', label: 'Name', required: true, maxLength: 200, list: true, searched: true, exported: true },
    email: { type: 'email', label: 'Email', required: true, list: true, searched: true, exported: true },
    /** The permission table's role (shared/catalogue/permissions.ts): without one, the least privilege. */
    role: { type: 'enum', values: ROLES, labels: ROLE_LABELS, label: 'Role', required: true, default: DEFAULT_ROLE, list: true, exported: true },
    /** Null until the admin first signs in. */
    last_login_at: { type: 'timestamp', label: 'Last login', write: 'readOnly', list: true, exported: true },
  },
});

/** The CSV's columns: the declaration's, without the creation time (the spec's export has none). */
export const ADMIN_EXPORT_COLUMNS: readonly string[] = exportColumnsOf(adminFields).filter((column) => column !== 'created_at');
