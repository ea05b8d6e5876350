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

/** A timestamp inside json_build_object is PostgreSQL's ISO text ('…+00:00'); the API answers JavaScript's form. */
const isoOf = (timestamp: string) => new Date(timestamp).toISOString();

// Written out with their tables' names: in a statement on one table, Drizzle leaves columns unqualified, and inside
// these subqueries an unqualified "id" would be the subquery's own.

/** The company's comments, newest first, as their DTOs but for the timestamp's form. */
const commentsColumn = sql<CompanyComment[]>`coalesce((
  select json_agg(json_build_object('_id', c.id, 'user_name', c.user_name, 'text', c.text, 'created_at', c.created_at) order by c.created_at desc)
    from company_comments c where c.company_id = companies.id), '[]'::json)`;

/** The company's last sync job, as its DTO but for the timestamp's form; NULL if it was never synced. */
const lastSyncColumn = sql<SyncJob | null>`(
  select json_build_object('_id', s.id, 'organization_id', s.organization_id, 'status', s.status, 'started_at', s.started_at)
    from sync_jobs s where s.company_id = companies.id order by s.started_at desc limit 1)`;

/** Comments selected with commentsColumn, as the API answers them. */
const commentDtos = (comments: CompanyComment[] = []): CompanyComment[] => comments.map((comment) => ({ ...comment, created_at: isoOf(comment.created_at) }));

/** A last sync selected with lastSyncColumn, as the API answers it. */
const lastSyncDto = (job: SyncJob | null | undefined): SyncJob | null => (job ? { ...job, started_at: isoOf(job.started_at) } : null);

/** The company's comments, newest first (an unknown company has none). */
export async function commentsOf(db: Database, companyId: string): Promise<CompanyComment[]> {
  const [selected] = await db.select({ comments: commentsColumn }).from(companies).where(eq(companies.id, companyId));
  return commentDtos(selected?.comments);
}

/** A company's page is the console's most frequent read: its statement is prepared by name. */
const companyDetailQuery = reusableSelect(
  statements
    .select({ company: companies, comments: commentsColumn, lastSync: lastSyncColumn })
    .from(companies)
    .where(eq(companies.id, sql.placeholder('id')))
    .limit(1),
  'company_detail',
);

/** The company with everything its page shows (comments, last sync), in one statement. */
export async function companyDetailOf(db: Database, product: string, id: string): Promise<CompanyDetail> {
  const [row] = await companyDetailQuery(db, { id });
  if (!row) throw notFound();
  return toCompanyDetailDto(row.company, product, commentDtos(row.comments), lastSyncDto(row.lastSync));
}

/** A company just written, as its page shows it: the row in hand, and its comments and last sync in one statement. */
export async function fullCompanyOf(db: Database, product: string, row: CompanyRow): Promise<CompanyDetail> {
  const [selected] = await db.select({ comments: commentsColumn, lastSync: lastSyncColumn }).from(companies).where(eq(companies.id, row.id));
  return toCompanyDetailDto(row, product, commentDtos(selected?.comments), lastSyncDto(selected?.lastSync));
}
