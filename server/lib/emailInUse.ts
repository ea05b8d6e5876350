import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { admins, users } from '../db/schema';
import { AppError } from './errors';

/** 409 EMAIL_TAKEN when another row of `table` has `email` (compared lower-cased, as the unique index does). */
export async function refuseEmailInUse(db: Database, table: typeof admins | typeof users, email: string, exceptId?: string): Promise<void> {
  const sameEmail = eq(sql`lower(${table.email})`, email);
  const taken = await db
    .select({ id: table.id })
    .from(table)
    .where(exceptId ? and(sameEmail, ne(table.id, exceptId)) : sameEmail)
    .limit(1);
  if (taken.length) throw new AppError(409, 'EMAIL_TAKEN');
}
