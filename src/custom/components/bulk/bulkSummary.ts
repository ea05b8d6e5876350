import type { RaRecord } from 'react-admin';
import type { BulkRowResult } from '../../../../shared/contract/bulk';

/** What a bulk action did, said in one toast: how many rows it changed, then each refusal by the row's name and code. */
export function bulkSummary(results: readonly BulkRowResult[], done: string, nameOf: (id: RaRecord['id']) => string): string {
  const changed = results.filter((result) => result.ok).length;
  const refused = results.filter((result) => !result.ok);
  const head = `${changed} ${done}`;
  if (!refused.length) return `${head}.`;
  const reasons = refused.map((result) => {
    const counts = Object.entries(result.counts ?? {})
      .filter(([, value]) => value > 0)
      .map(([what, value]) => `${what} ${value}`)
      .join(', ');
    return `${nameOf(result.id)}: ${result.code ?? 'refused'}${counts ? ` (${counts})` : ''}`;
  });
  return `${head}, ${refused.length} refused — ${reasons.join('; ')}`;
}
