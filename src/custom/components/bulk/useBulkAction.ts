import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useListContext, useNotify, useRefresh, useResourceDefinition, type RaRecord } from 'react-admin';
import type { AdminDataProvider } from '../../../providers/dataProvider';
import type { BulkAction } from '../../../providers/bulkCalls';
import { isStale, versionsById } from '../../../providers/versions';
import { bulkSummary } from './bulkSummary';

/** One server call for the selection, one toast; refused rows stay selected for another try. */
export function useBulkAction(action: BulkAction, done: string) {
  const { resource, selectedIds, data, onUnselectItems, onSelect } = useListContext();
  const { recordRepresentation } = useResourceDefinition({ resource });
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();

  const nameOf = (id: RaRecord['id']) => {
    const record = data?.find((row) => row.id === id);
    const field = typeof recordRepresentation === 'string' ? recordRepresentation : 'name';
    const name: unknown = record?.[field];
    return typeof name === 'string' && name ? name : String(id);
  };

  // Each action names the version of each row the list shows: a row changed since is refused, not changed unseen.
  const withVersions = (values: Record<string, unknown>) => ({ ...values, versions: versionsById(data, selectedIds) });
  const mutation = useMutation({
    mutationFn: (values: Record<string, unknown>) => dataProvider.bulk(resource, action, selectedIds, withVersions(values)),
    onSuccess: (results) => {
      const refused = results.filter((result) => !result.ok);
      notify(bulkSummary(results, done, nameOf), { type: refused.length ? 'warning' : 'info', multiLine: true });
      if (refused.length) onSelect(refused.map((result) => result.id));
      else onUnselectItems();
      refresh();
    },
    onError: (error: Error) => {
      notify(error.message, { type: 'error' });
      // Rows changed since the list was read: nothing was done; the list shows them as they are now.
      if (isStale(error)) refresh();
    },
  });
  return { run: (values: Record<string, unknown> = {}) => mutation.mutate(values), pending: mutation.isPending, count: selectedIds.length };
}
