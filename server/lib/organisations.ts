import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { companies } from '../db/schema';
import { ValidationError } from './validation';

/** A record may only point at a company that exists. */
export async function checkCompanyExists(db: Database, id: string): Promise<string> {
  const [company] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, id)).limit(1);
  if (!company) throw new ValidationError({ organisation_id: 'no such company' });
  return company.name;
}
