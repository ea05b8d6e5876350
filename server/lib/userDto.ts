import type { UserRow } from '../db/schema';
import type { User } from '../../shared/contract/users';

export const toUserDto = (row: UserRow, organisationName: string | null): User => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  organisation_id: row.organisationId,
  organisation_name: organisationName,
  invited: row.invited,
  last_login_at: row.lastLoginAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
  version: row.version,
});
