import type { FastifyInstance } from 'fastify';
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
