import { parse, protocol, type PGlite, type Results, type RowMode } from '@electric-sql/pglite';
import { isUnknownPreparedStatement } from '../lib/dbErrors';

/** How many statements one PGlite keeps parsed: every route's statements, with room for the searches' shapes. */
export const KEPT_STATEMENTS = 200;
/**
 * A statement without parameters keeps the plan it was first given. PGlite runs no autovacuum (whose ANALYZE would
 * invalidate it), and a plan made on a few rows must not outlive their growth: each statement is prepared again after this.
 */
const KEPT_FOR_MS = 10 * 60_000;

/**
 * Runs statements on PGlite as its own `query` does (extended protocol, parameters serialised by their types, rows
 * parsed by its parsers), but parses each text once: the first run prepares it under a name (`Parse`) and later runs
 * only bind and execute it. PGlite's `query` parses and describes every statement anew, which cost a third of its
 * engine's time. The least recently used statement is closed past `limit`, and any is prepared again after `keptForMs`.
 *
 * Call it under PGlite's own lock (`_runExclusiveQuery`, and `_runExclusiveTransaction` outside a transaction), as
 * `query` does. Plans are unaffected only if the session runs with `plan_cache_mode = force_custom_plan` (client.ts):
 * otherwise PostgreSQL would switch a statement to a generic plan after five runs.
 */
export function keptStatements(client: PGlite, limit = KEPT_STATEMENTS, keptForMs = KEPT_FOR_MS) {
  const statements = new Map<string, { name: string; paramTypes: number[]; at: number }>();
  let prepared = 0;
  const send = (message: Uint8Array) => client.execProtocolStream(message, { syncToFs: false });

  async function statementFor(text: string) {
    const kept = statements.get(text);
    if (kept) statements.delete(text);
    if (kept && Date.now() - kept.at < keptForMs) {
      // Map order is the recency order: the entry moves to the end.
      statements.set(text, kept);
      return kept;
    }
    if (kept) await send(protocol.serialize.close({ type: 'S', name: kept.name }));
    const name = `kept_${(prepared += 1)}`;
    await send(protocol.serialize.parse({ name, text, types: [] }));
    const paramTypes = parse.parseDescribeStatementResults(await send(protocol.serialize.describe({ type: 'S', name })));
    const statement = { name, paramTypes, at: Date.now() };
    statements.set(text, statement);
    const [oldest] = statements;
    if (statements.size > limit && oldest) {
      statements.delete(oldest[0]);
      await send(protocol.serialize.close({ type: 'S', name: oldest[1].name }));
    }
    return statement;
  }

  async function runOnce(text: string, params: unknown[], rowMode: RowMode): Promise<Results> {
    const messages = [];
    try {
      const { name, paramTypes } = await statementFor(text);
      const values = params.map((value, index) => {
        if (value === null || value === undefined) return null;
        const serializer = client.serializers[paramTypes[index] ?? 0];
        return serializer ? serializer(value) : String(value);
      });
      messages.push(...(await send(protocol.serialize.bind({ statement: name, values }))));
      messages.push(...(await send(protocol.serialize.describe({ type: 'P' }))));
      messages.push(...(await send(protocol.serialize.execute({}))));
    } finally {
      // After an error PostgreSQL skips every message up to this one, as it does after PGlite's own.
      messages.push(...(await send(protocol.serialize.sync())));
    }
    if (!client.isInTransaction()) await client.syncToFs();
    const [result] = parse.parseResults(messages, client.parsers, { rowMode });
    if (!result) throw new Error('PGlite answered no result');
    return result;
  }

  return async function run(text: string, params: unknown[], rowMode: RowMode): Promise<Results> {
    try {
      return await runOnce(text, params, rowMode);
    } catch (error) {
      // The kept statement was deallocated from under it (`DEALLOCATE ALL`): it is prepared again, and run again unless
      // that failure aborted the transaction it was in.
      if (!isUnknownPreparedStatement(error) || !statements.has(text)) throw error;
      statements.delete(text);
      if (client.isInTransaction()) throw error;
      return runOnce(text, params, rowMode);
    }
  };
}
