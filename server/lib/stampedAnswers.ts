import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/client';
import { changeStamps } from '../db/schema';

interface StampedAnswer {
  stamp: number;
  body: Buffer;
}

/**
 * Serialised answers one table alone determines, kept while its change stamp (migration 0016) has not moved: one
 * primary-key lookup per read. The stamp is read before the rows, so an answer is never older than its stamp.
 */
export class StampedAnswers {
  private readonly answers: LRUCache<string, StampedAnswer>;

  constructor(
    private readonly table: string,
    /** A bound, as keys (each filter value) come from requests. */
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
