import type { AdminRow } from '../db/schema';
import type { Admin } from '../../shared/contract/admins';

/** Never the password hash. */
export const toAdminDto = (row: AdminRow): Admin => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  last_login_at: row.lastLoginAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
  version: row.version,
});
