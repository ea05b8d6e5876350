import { parse, protocol, type PGlite, type Results, type RowMode } from '@electric-sql/pglite';
import { isUnknownPreparedStatement } from '../lib/dbErrors';

/** Every route's statements, with room for the searches' shapes. */
export const KEPT_STATEMENTS = 200;
/**
 * A parameterless statement keeps its first plan, and PGlite runs no autovacuum (whose ANALYZE would invalidate it): a
 * plan made on a few rows must not outlive their growth.
 */
const KEPT_FOR_MS = 10 * 60_000;

/**
 * Like PGlite's `query` (extended protocol, its serialisers and parsers), but each text is parsed once and later runs
 * only bind and execute: parsing and describing anew cost a third of the engine's time. LRU past `limit`, re-prepared
 * after `keptForMs`. Call it under PGlite's own lock, as `query` does. Plans stay per run only with
 * `plan_cache_mode = force_custom_plan` (client.ts); otherwise a statement turns generic after five runs.
 */
export function keptStatements(client: PGlite, limit = KEPT_STATEMENTS, keptForMs = KEPT_FOR_MS) {
  const statements = new Map<string, { name: string; paramTypes: number[]; at: number }>();
  let prepared = 0;
  const send = (message: Uint8Array) => client.execProtocolStream(message, { syncToFs: false });

  async function statementFor(text: string) {
    const kept = statements.get(text);
    if (kept) statements.delete(text);
    if (kept && Date.now() - kept.at < keptForMs) {
      // Map order is the recency order.
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
      // After an error PostgreSQL skips every message up to Sync, as it does after PGlite's own.
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
      // Deallocated from under us (`DEALLOCATE ALL`): prepared again, and rerun unless that aborted the transaction.
      if (!isUnknownPreparedStatement(error) || !statements.has(text)) throw error;
      statements.delete(text);
      if (client.isInTransaction()) throw error;
      return runOnce(text, params, rowMode);
    }
  };
}
