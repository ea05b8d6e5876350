import type { CompanyRow } from '../db/schema';
import type { Company, CompanyComment, CompanyDetail, SyncJob } from '../../shared/contract/companies';

/** The balance is named after the product (`credit_balance`). */
export const toCompanyDto = (row: CompanyRow, product: string): Company => ({
  _id: row.id,
  name: row.name,
  siret: row.siret,
  phone: row.phone,
  email: row.email,
  street_number: row.streetNumber,
  route: row.route,
  city: row.city,
  postal_code: row.postalCode,
  country: row.country,
  activity_domain: row.activityDomain,
  sub_activity_domain: row.subActivityDomain,
  description: row.description,
  legal_status: row.legalStatus,
  employees: row.employees,
  turnover: row.turnover,
  creation_year: row.creationYear,
  website: row.website,
  logo_url: row.logoUrl,
  is_test: row.isTest,
  [`${product}_balance`]: row.creditBalance,
  organization_id: row.organizationId,
  created_at: row.createdAt.toISOString(),
  version: row.version,
});

export const toCompanyDetailDto = (row: CompanyRow, product: string, comments: CompanyComment[], lastSync: SyncJob | null): CompanyDetail => ({
  ...toCompanyDto(row, product),
  comments,
  last_sync: lastSync,
});
