import type { AdminRow } from '../db/schema';
import type { Admin } from '../../shared/contract/admins';
import { adminFields } from '../../shared/entities/admins';
import { fieldValuesOf } from './recordFromFields';

/** Each declared field (shared/entities/admins.ts): never the password hash, which no field declares. */
export const toAdminDto = (row: AdminRow): Admin =>
  ({
    _id: row.id,
    ...fieldValuesOf(adminFields, row),
    created_at: row.createdAt.toISOString(),
    version: row.version,
  }) as Admin;
