import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/client';
import { changeStamps } from '../db/schema';

interface StampedAnswer {
  stamp: number;
  body: Buffer;
}

/**
 * Serialised answers that one table alone determines, kept by this process for as long as the table's change stamp
 * (change_stamps, moved by a trigger on every statement that changes the table) has not moved. Each read costs one
 * primary-key lookup; every server over the database sees a change at the commit that makes it. The stamp is read
 * before the rows, so an answer is never older than the stamp it is kept under.
 */
export class StampedAnswers {
  private readonly answers: LRUCache<string, StampedAnswer>;

  constructor(
    private readonly table: string,
    /** Distinct keys kept (each filter value is one): a bound, as keys come from requests. */
    maxKeys: number,
  ) {
    this.answers = new LRUCache({ max: maxKeys });
  }

  async body(db: Database, key: string, build: () => Promise<Buffer>): Promise<Buffer> {
    const [current] = await db.select({ stamp: changeStamps.stamp }).from(changeStamps).where(eq(changeStamps.tableName, this.table));
    if (!current) throw new Error(`no change stamp for ${this.table}`);
    const kept = this.answers.get(key);
    if (kept?.stamp === current.stamp) return kept.body;
    const body = await build();
    this.answers.set(key, { stamp: current.stamp, body });
    return body;
  }
}
