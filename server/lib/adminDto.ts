import type { AdminRow } from '../db/schema';

/** The admin as the contract shows it: never the password hash. */
export interface AdminDto {
  _id: string;
  name: string;
  email: string;
  last_login_at: string | null;
  created_at: string;
}

export const toAdminDto = (row: AdminRow): AdminDto => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  last_login_at: row.lastLoginAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});
