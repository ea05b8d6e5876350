import type { CompanyRow } from '../db/schema';

export interface CommentDto {
  _id: string;
  user_name: string;
  text: string;
  created_at: string;
}

export interface SyncJobDto {
  _id: string;
  organization_id: string;
  status: string;
  started_at: string;
}

/** The company as the contract shows it; the balance is named after the product (`credit_balance`). */
export function toCompanyDto(row: CompanyRow, product: string, extras: { comments?: CommentDto[]; lastSync?: SyncJobDto | null } = {}) {
  return {
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
    ...(extras.comments ? { comments: extras.comments } : {}),
    ...(extras.lastSync !== undefined ? { last_sync: extras.lastSync } : {}),
  };
}
