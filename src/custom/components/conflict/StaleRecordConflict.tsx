import { createContext, useContext, useState, type ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { useEditContext, useNotify, useResourceContext, useTranslateLabel, useUpdate, type RaRecord } from 'react-admin';
import { messages } from '../../../../shared/catalogue/messages';
import { failureMessage } from '../../../providers/failureMessage';
import { staleRecordOf } from '../../../providers/versions';
import { ConflictDialog } from './ConflictDialog';
import { conflictRows } from './conflictRows';

/** A save the server refused as stale: the record now, the one the form started from, and what the admin sent. */
export interface StaleConflict {
  current: RaRecord;
  base: Partial<RaRecord> | undefined;
  yours: Partial<RaRecord>;
}

interface ConflictState {
  conflict: StaleConflict | undefined;
  setConflict: (conflict: StaleConflict | undefined) => void;
}

// The refusal reaches the page's Edit; the choice needs the form inside it: this carries one to the other.
const ConflictContext = createContext<ConflictState>({ conflict: undefined, setConflict: () => undefined });

/** `onSaveError` answers true when a stale save opened the dialog; any other failure is left to the caller. */
export function useStaleConflict() {
  const [conflict, setConflict] = useState<StaleConflict>();
  const onSaveError = (
    error: unknown,
    variables: { data?: Partial<RaRecord>; previousData?: Partial<RaRecord> } | undefined,
    editedFrom?: RaRecord,
  ): boolean => {
    const current = staleRecordOf(error);
    // The record the edits were made on: previousData, unless a reload under the edits moved it on (editedVersion.tsx).
    if (current) setConflict({ current, base: editedFrom ?? variables?.previousData, yours: variables?.data ?? {} });
    return current !== undefined;
  };
  return { state: { conflict, setConflict }, onSaveError };
}

export const StaleConflictProvider = ({ state, children }: { state: ConflictState; children: ReactNode }) => (
  <ConflictContext.Provider value={state}>{children}</ConflictContext.Provider>
);

/** Inside the form, since both choices set its values; 'Overwrite with mine' saves on the new version, and a newer change meanwhile asks again. */
export const StaleRecordDialog = () => {
  const { conflict, setConflict } = useContext(ConflictContext);
  const resource = useResourceContext();
  const translateLabel = useTranslateLabel();
  const { reset } = useFormContext();
  const { refetch } = useEditContext();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate();
  const [reloading, setReloading] = useState(false);

  const keepTheirs = async () => {
    if (!conflict) return;
    setReloading(true);
    const reloaded = await refetch().catch(() => undefined);
    setReloading(false);
    reset(reloaded?.data ?? conflict.current);
    setConflict(undefined);
    notify(messages.conflict.reloaded, { type: 'info' });
  };

  const overwrite = () => {
    if (!conflict) return;
    void update(
      resource,
      { id: conflict.current.id, data: conflict.yours, previousData: conflict.current, meta: { overwrite: true } },
      {
        mutationMode: 'pessimistic',
        onSuccess: (saved: RaRecord) => {
          reset(saved);
          setConflict(undefined);
          notify(messages.success.updated, { type: 'success' });
        },
        onError: (error: unknown) => {
          const current = staleRecordOf(error);
          if (current) setConflict({ ...conflict, current });
          else notify(failureMessage(error, messages.failure.update), { type: 'error' });
        },
      },
    );
  };

  return (
    <ConflictDialog
      open={conflict !== undefined}
      rows={conflict ? conflictRows(conflict.base, conflict.current, conflict.yours) : []}
      labelOf={(field) => translateLabel({ source: field, resource })}
      pending={isPending || reloading}
      onKeepTheirs={() => void keepTheirs()}
      onOverwrite={overwrite}
      onClose={() => setConflict(undefined)}
    />
  );
};
