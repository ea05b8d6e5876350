import type { FastifyInstance } from 'fastify';
import { companies, users } from '../../server/db/schema';
import { newId } from '../../server/lib/ids';

/** Inserts a company straight into the database (tests of reading and searching). */
export async function insertCompany(app: FastifyInstance, values: Partial<typeof companies.$inferInsert> = {}) {
  const id = newId();
  const [row] = await app.db
    .insert(companies)
    .values({ id, name: `Company ${id.slice(-4)}`, ...values })
    .returning();
  if (!row) throw new Error('no company inserted');
  return row;
}

export async function insertUser(app: FastifyInstance, values: Partial<typeof users.$inferInsert> = {}) {
  const id = newId();
  const [row] = await app.db
    .insert(users)
    .values({ id, name: `User ${id.slice(-4)}`, email: `user-${id}@example.com`, ...values })
    .returning();
  if (!row) throw new Error('no user inserted');
  return row;
}

/** Tiny but real files, as data URLs. */
export const PNG_BYTES = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
export const dataUrl = (bytes: Buffer | string, mime = 'image/png') => `data:${mime};base64,${Buffer.from(bytes).toString('base64')}`;
