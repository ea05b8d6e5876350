import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { companies, syncJobs, type CompanyRow } from '../db/schema';
import type { CompanyComment, CompanyDetail, SyncJob } from '../../shared/contract/companies';
import { toCompanyDetailDto } from './companyDto';
import { notFound } from './errors';
import { reusableSelect, statements } from './preparedQueries';

export async function findCompany(db: Database, id: string): Promise<CompanyRow> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  if (!row) throw notFound();
  return row;
}

export const toSyncJobDto = (job: typeof syncJobs.$inferSelect): SyncJob => ({
  _id: job.id,
  organization_id: job.organizationId,
  status: job.status,
  started_at: job.startedAt.toISOString(),
});

/** json_build_object writes PostgreSQL's ISO text ('…+00:00'); the API answers JavaScript's form. */
const isoOf = (timestamp: string) => new Date(timestamp).toISOString();

// Columns written with their tables' names: Drizzle leaves them unqualified on one table, and inside these subqueries
// an unqualified "id" would be the subquery's own.

const commentsColumn = sql<CompanyComment[]>`coalesce((
  select json_agg(json_build_object('_id', c.id, 'user_name', c.user_name, 'author_id', c.author_admin_id, 'text', c.text, 'created_at', c.created_at) order by c.created_at desc)
    from company_comments c where c.company_id = companies.id), '[]'::json)`;

/** NULL if the company was never synced. */
const lastSyncColumn = sql<SyncJob | null>`(
  select json_build_object('_id', s.id, 'organization_id', s.organization_id, 'status', s.status, 'started_at', s.started_at)
    from sync_jobs s where s.company_id = companies.id order by s.started_at desc limit 1)`;

const commentDtos = (comments: CompanyComment[] = []): CompanyComment[] => comments.map((comment) => ({ ...comment, created_at: isoOf(comment.created_at) }));

const lastSyncDto = (job: SyncJob | null | undefined): SyncJob | null => (job ? { ...job, started_at: isoOf(job.started_at) } : null);

/** Newest first (an unknown company has none). */
export async function commentsOf(db: Database, companyId: string): Promise<CompanyComment[]> {
  const [selected] = await db.select({ comments: commentsColumn }).from(companies).where(eq(companies.id, companyId));
  return commentDtos(selected?.comments);
}

/** The console's most frequent read: prepared by name. */
const companyDetailQuery = reusableSelect(
  statements
    .select({ company: companies, comments: commentsColumn, lastSync: lastSyncColumn })
    .from(companies)
    .where(eq(companies.id, sql.placeholder('id')))
    .limit(1),
  'company_detail',
);

/** With its comments and last sync, in one statement. */
export async function companyDetailOf(db: Database, product: string, id: string): Promise<CompanyDetail> {
  const [row] = await companyDetailQuery(db, { id });
  if (!row) throw notFound();
  return toCompanyDetailDto(row.company, product, commentDtos(row.comments), lastSyncDto(row.lastSync));
}

/** A company just written: the row in hand, plus its comments and last sync. */
export async function fullCompanyOf(db: Database, product: string, row: CompanyRow): Promise<CompanyDetail> {
  const [selected] = await db.select({ comments: commentsColumn, lastSync: lastSyncColumn }).from(companies).where(eq(companies.id, row.id));
  return toCompanyDetailDto(row, product, commentDtos(selected?.comments), lastSyncDto(selected?.lastSync));
}
