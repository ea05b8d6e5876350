import { randomBytes } from 'node:crypto';
import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../db/client';

/** Every column cast to text by the query. */
export type TextRow = Record<string, string | null>;

/** A batch costs a round trip, and only one batch is held at a time. */
export const CURSOR_BATCH = 1000;

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Drizzle only offers a transaction bounded by a callback, so the callback waits until end(). After a failed query
 * the COMMIT that end() sends rolls it back.
 */
function heldTransaction(db: Database): Promise<{ tx: Transaction; end: () => Promise<void> }> {
  return new Promise((resolve, reject) => {
    let release = () => {};
    const released = new Promise<void>((done) => (release = done));
    const finished = db.transaction(
      async (tx) => {
        resolve({
          tx,
          end: async () => {
            release();
            await finished;
          },
        });
        await released;
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    finished.catch(reject);
  });
}

const rowsOf = (result: unknown): TextRow[] => (result as { rows: TextRow[] }).rows;

/**
 * Reads through a server-side cursor so memory holds one batch whatever the result's size; return() closes it.
 * PostgreSQL: a read-only repeatable-read transaction on its own connection. PGlite has one connection, which an open
 * transaction would hold for the whole download: there the cursor is `WITH HOLD`, its COMMIT materialises the result
 * (spilled to disk past work_mem), and each FETCH is a short query between other requests'.
 */
export async function* cursorBatches(db: Database, kind: DatabaseHandle['kind'], query: SQLWrapper): AsyncGenerator<TextRow[]> {
  const cursor = sql.identifier(`export_${randomBytes(8).toString('hex')}`);
  const fetchFrom = (reader: Pick<Database, 'execute'>) => reader.execute(sql`fetch ${sql.raw(String(CURSOR_BATCH))} from ${cursor}`).then(rowsOf);

  if (kind === 'pglite') {
    await db.transaction((tx) => tx.execute(sql`declare ${cursor} no scroll cursor with hold for ${query}`), { accessMode: 'read only' });
    try {
      for (let rows = await fetchFrom(db); rows.length; rows = await fetchFrom(db)) yield rows;
    } finally {
      await db.execute(sql`close ${cursor}`);
    }
    return;
  }

  const { tx, end } = await heldTransaction(db);
  try {
    await tx.execute(sql`declare ${cursor} no scroll cursor for ${query}`);
    for (let rows = await fetchFrom(tx); rows.length; rows = await fetchFrom(tx)) yield rows;
  } finally {
    await end();
  }
}
