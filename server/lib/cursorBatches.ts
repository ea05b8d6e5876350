import { randomBytes } from 'node:crypto';
import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../db/client';

/** A row as the cursor answers it: every column cast to text by the query, null kept. */
export type TextRow = Record<string, string | null>;

/** Rows read per FETCH: a batch costs a round trip, and only one batch is held at a time. */
export const CURSOR_BATCH = 1000;

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * A transaction kept open across the caller's awaits: drizzle only offers one bounded by a callback, so
 * the callback waits until end() is called. A query that failed inside it leaves it aborted, and the
 * COMMIT that end() sends then rolls it back.
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
 * Every row of `query`, CURSOR_BATCH at a time, read through a server-side cursor so that memory holds one
 * batch whatever the result's size. Stop iterating (return()) and the cursor is closed, and its transaction
 * or connection released.
 *
 * PostgreSQL: `DECLARE … NO SCROLL CURSOR` in a read-only repeatable-read transaction on a connection of its
 * own, then FETCH in a loop; the snapshot is the transaction's.
 * PGlite has a single connection, and a transaction holds it exclusively: an export held open in one would
 * stop every other request until the download ends. There the cursor is declared `WITH HOLD` in a
 * read-only transaction: its COMMIT materialises the result in PostgreSQL's own temporary storage (spilled
 * to disk past work_mem), and each FETCH is then a short query between the other requests'.
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
