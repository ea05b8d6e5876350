import { desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { companies, companyComments, syncJobs, type CompanyRow } from '../db/schema';
import type { CompanyComment, CompanyDetail, SyncJob } from '../../shared/contract/companies';
import { toCompanyDetailDto } from './companyDto';
import { notFound } from './errors';

export async function findCompany(db: Database, id: string): Promise<CompanyRow> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  if (!row) throw notFound();
  return row;
}

export async function commentsOf(db: Database, companyId: string): Promise<CompanyComment[]> {
  const rows = await db.select().from(companyComments).where(eq(companyComments.companyId, companyId)).orderBy(desc(companyComments.createdAt));
  return rows.map((row) => ({ _id: row.id, user_name: row.userName, text: row.text, created_at: row.createdAt.toISOString() }));
}

export const toSyncJobDto = (job: typeof syncJobs.$inferSelect): SyncJob => ({
  _id: job.id,
  organization_id: job.organizationId,
  status: job.status,
  started_at: job.startedAt.toISOString(),
});

async function lastSyncOf(db: Database, companyId: string): Promise<SyncJob | null> {
  const [job] = await db.select().from(syncJobs).where(eq(syncJobs.companyId, companyId)).orderBy(desc(syncJobs.startedAt)).limit(1);
  return job ? toSyncJobDto(job) : null;
}

/** The company with everything its page shows (comments, last sync). */
export async function fullCompanyOf(db: Database, product: string, row: CompanyRow): Promise<CompanyDetail> {
  const [comments, lastSync] = await Promise.all([commentsOf(db, row.id), lastSyncOf(db, row.id)]);
  return toCompanyDetailDto(row, product, comments, lastSync);
}
