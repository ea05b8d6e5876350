import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import type { Pool, PoolClient } from 'pg';
import { describe, expect, it } from 'vitest';
import { needs, offers } from '../../server/db/schema';
import { newId } from '../../server/lib/ids';
import { ACTIVITY_DOMAINS, type ActivityDomain } from '../../shared/catalogue/domains';
import { useSignedInServer } from '../helpers/testServer';

// Runs in the PostgreSQL pass only (vitest.config.ts includes this folder when DATABASE_URL is set): PGlite has one
// connection, so no second transaction can hold a row while a request runs.
const ctx = useSignedInServer();

const firstDomain = 'Impression & Goodies' satisfies ActivityDomain;
const otherDomain = Object.keys(ACTIVITY_DOMAINS).find((domain) => domain !== firstDomain) as ActivityDomain;
const [firstSub, secondSub] = ACTIVITY_DOMAINS[firstDomain];

const tables = { offer: offers, need: needs } as const;

async function insertRecord(kind: keyof typeof tables): Promise<string> {
  const id = newId();
  const located = { id, activityDomain: firstDomain, subActivityDomain: firstSub };
  const { db } = ctx.server.app;
  if (kind === 'offer') await db.insert(offers).values({ ...located, title: 'Offre verrouillée', description: 'd', images: [] });
  else await db.insert(needs).values({ ...located, description: 'Besoin verrouillé', emergency: 'Maintenant' });
  return id;
}

/** A second connection of the server's own pool, holding the record's row in a transaction of its own. */
async function holdRow(kind: keyof typeof tables, id: string): Promise<PoolClient> {
  const holder = await (ctx.server.app.db as unknown as { $client: Pool }).$client.connect();
  await holder.query('BEGIN');
  await holder.query(`SELECT id FROM ${kind === 'offer' ? 'offers' : 'needs'} WHERE id = $1 FOR UPDATE`, [id]);
  return holder;
}

describe.each(['offer', 'need'] as const)("a %s's update checks the row it changes, locked", (kind) => {
  it('waits for a concurrent change of the domain, then checks the sub-domain against it', async () => {
    const id = await insertRecord(kind);
    const holder = await holdRow(kind, id);
    let answered = false;
    const update = ctx.me.call('PUT', `/${kind}/${id}`, { sub_activity_domain: secondSub }).finally(() => (answered = true));
    try {
      // The sub-domain is right for the domain stored now; the update must still wait for the row.
      await sleep(300);
      expect(answered).toBe(false);
      await holder.query(`UPDATE ${kind === 'offer' ? 'offers' : 'needs'} SET activity_domain = $1, sub_activity_domain = NULL WHERE id = $2`, [
        otherDomain,
        id,
      ]);
      await holder.query('COMMIT');
    } finally {
      holder.release();
    }
    const response = await update;
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    const table = tables[kind];
    const [row] = await ctx.server.app.db.select({ domain: table.activityDomain, subDomain: table.subActivityDomain }).from(table).where(eq(table.id, id));
    expect(row).toEqual({ domain: otherDomain, subDomain: null });
  });
});
