import { count } from 'drizzle-orm';
import type { Database } from '../db/client';
import { admins } from '../db/schema';
import { newId } from '../lib/ids';
import { hashPassword } from '../lib/passwords';
import { DEMO_CREDENTIALS, demoAdmins } from './demoAdmins';

const DAY_MS = 86_400_000;

/** Fills an empty database with the demo data set; a database with any admin is left alone. */
export async function seedDemoData(db: Database, now = new Date()): Promise<boolean> {
  const [existing] = await db.select({ total: count() }).from(admins);
  if ((existing?.total ?? 0) > 0) return false;
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  await db.insert(admins).values([
    {
      id: newId(),
      name: 'Demo Admin',
      email: DEMO_CREDENTIALS.email,
      passwordHash: await hashPassword(DEMO_CREDENTIALS.password),
      createdAt: daysAgo(365),
    },
    ...demoAdmins().map((admin) => ({
      id: newId(),
      name: admin.name,
      email: admin.email,
      lastLoginAt: admin.lastLoginDaysAgo === null ? null : daysAgo(admin.lastLoginDaysAgo),
      createdAt: daysAgo(admin.createdDaysAgo),
    })),
  ]);
  return true;
}
