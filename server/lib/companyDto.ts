import type { CompanyRow } from '../db/schema';
import type { Company, CompanyComment, CompanyDetail, SyncJob } from '../../shared/contract/companies';
import { companyFields } from '../../shared/entities/companies';
import { fieldValuesOf } from './recordFromFields';

/** Each declared field (shared/entities/companies.ts), and the balance, named after the product (`credit_balance`). */
export const toCompanyDto = (row: CompanyRow, product: string): Company =>
  ({
    _id: row.id,
    ...fieldValuesOf(companyFields, row),
    [`${product}_balance`]: row.creditBalance,
    created_at: row.createdAt.toISOString(),
    version: row.version,
  }) as Company;

export const toCompanyDetailDto = (row: CompanyRow, product: string, comments: CompanyComment[], lastSync: SyncJob | null): CompanyDetail => ({
  ...toCompanyDto(row, product),
  comments,
  last_sync: lastSync,
});
