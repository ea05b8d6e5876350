import { parse, protocol, type PGlite, type Results, type RowMode } from '@electric-sql/pglite';

/** How many statements one PGlite keeps parsed: every route's statements, with room for the searches' shapes. */
export const KEPT_STATEMENTS = 200;

/**
 * Runs statements on PGlite as its own `query` does (extended protocol, parameters serialised by their types, rows
 * parsed by its parsers), but parses each text once: the first run prepares it under a name (`Parse`) and later runs
 * only bind and execute it. PGlite's `query` parses and describes every statement anew, which cost a third of its
 * engine's time. The least recently used statement is closed past `limit`.
 *
 * Call it under PGlite's own lock (`_runExclusiveQuery`, and `_runExclusiveTransaction` outside a transaction), as
 * `query` does. Plans are unaffected only if the session runs with `plan_cache_mode = force_custom_plan` (client.ts):
 * otherwise PostgreSQL would switch a statement to a generic plan after five runs.
 */
export function keptStatements(client: PGlite, limit = KEPT_STATEMENTS) {
  const statements = new Map<string, { name: string; paramTypes: number[] }>();
  let prepared = 0;
  const send = (message: Uint8Array) => client.execProtocolStream(message, { syncToFs: false });

  async function statementFor(text: string) {
    const kept = statements.get(text);
    if (kept) {
      // Map order is the recency order: the entry moves to the end.
      statements.delete(text);
      statements.set(text, kept);
      return kept;
    }
    const name = `kept_${(prepared += 1)}`;
    await send(protocol.serialize.parse({ name, text, types: [] }));
    const paramTypes = parse.parseDescribeStatementResults(await send(protocol.serialize.describe({ type: 'S', name })));
    const statement = { name, paramTypes };
    statements.set(text, statement);
    const [oldest] = statements;
    if (statements.size > limit && oldest) {
      statements.delete(oldest[0]);
      await send(protocol.serialize.close({ type: 'S', name: oldest[1].name }));
    }
    return statement;
  }

  return async function run(text: string, params: unknown[], rowMode: RowMode): Promise<Results> {
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
  };
}
