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
export const PNG_BYTES = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
export const dataUrl = (bytes: Buffer | string, mime = 'image/png') => `data:${mime};base64,${Buffer.from(bytes).toString('base64')}`;

/** A room between two companies over an offer, straight into the database. */
export async function insertRoom(app: FastifyInstance, values: { offerTitle?: string; createdAt?: Date } = {}) {
  const { rooms } = await import('../../server/db/schema');
  const seller = await insertCompany(app, { name: `Seller ${newId().slice(-4)}`, logoUrl: 'https://x.example/seller.png' });
  const buyer = await insertCompany(app, { name: `Buyer ${newId().slice(-4)}` });
  const [room] = await app.db
    .insert(rooms)
    .values({
      id: newId(),
      offerTitle: values.offerTitle ?? 'Offre test',
      offerImages: ['https://x.example/offer.png'],
      sellerId: seller.id,
      buyerId: buyer.id,
      ...(values.createdAt ? { createdAt: values.createdAt } : {}),
    })
    .returning();
  if (!room) throw new Error('no room inserted');
  return { room, seller, buyer };
}
