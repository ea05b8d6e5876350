import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { vi } from 'vitest';

/**
 * The statements a call sends whose text contains `fragment` (a table as Drizzle writes it: `"companies"`), whatever
 * the database: PGlite takes their text, node-postgres's pool a query object, named if the statement is prepared by name.
 */
export async function statementsSent(app: FastifyInstance, fragment: string, call: () => Promise<unknown>): Promise<Array<{ text: string; name?: string }>> {
  const client = (app.db as unknown as { $client: { query: (query: string | { text: string; name?: string }) => unknown } }).$client;
  const spy = vi.spyOn(client, 'query');
  try {
    await call();
    return spy.mock.calls.map(([query]) => (typeof query === 'string' ? { text: query } : query)).filter(({ text }) => text.includes(fragment));
  } finally {
    spy.mockRestore();
  }
}

/** A statement as node-postgres sent it: its text, its name if prepared by name, and the values bound beside it. */
export interface SentStatement {
  text: string;
  name?: string;
  values: unknown[];
}

/**
 * Every statement node-postgres sends while `call` runs, on any connection: the pool's and transactions' alike (a
 * transaction's statements go to its client, not through the pool). Simple-protocol strings (BEGIN, COMMIT) are left out.
 */
export async function postgresStatementsSent(call: () => Promise<unknown>): Promise<SentStatement[]> {
  const spy = vi.spyOn(pg.Client.prototype, 'query');
  try {
    await call();
    return spy.mock.calls.flatMap(([sent, values]) => {
      const query = sent as unknown as { text?: unknown; name?: unknown } | string;
      if (typeof query !== 'object' || query === null || typeof query.text !== 'string') return [];
      const name = typeof query.name === 'string' ? query.name : undefined;
      return [{ text: query.text, name, values: Array.isArray(values) ? (values as unknown[]) : [] }];
    });
  } finally {
    spy.mockRestore();
  }
}
