import type { UserRow } from '../db/schema';
import type { User } from '../../shared/contract/users';
import { userFields } from '../../shared/entities/users';
import { fieldValuesOf } from './recordFromFields';

/** Each declared field (shared/entities/users.ts), and the company's name, read with the row. */
export const toUserDto = (row: UserRow, organisationName: string | null): User =>
  ({
    _id: row.id,
    ...fieldValuesOf(userFields, row),
    organisation_name: organisationName,
    created_at: row.createdAt.toISOString(),
    version: row.version,
  }) as User;
