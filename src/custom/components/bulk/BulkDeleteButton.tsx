import DeleteIcon from '@mui/icons-material/Delete';
import { useState } from 'react';
import { Button, Confirm, useListContext } from 'react-admin';
import { bulkDeleteConfirmText } from '../deleteConsequences';
import { useRecordName } from '../useRecordName';
import { useBulkAction } from './useBulkAction';

/** Deletes the selected rows after a confirm that says how many and names them; each refusal (a company that is not empty…) is reported. */
export const BulkDeleteButton = ({ plural }: { plural: string }) => {
  const [asking, setAsking] = useState(false);
  const { run, pending, count } = useBulkAction('delete', 'deleted');
  const { resource, selectedIds, data } = useListContext();
  const nameOf = useRecordName(resource);
  const names = selectedIds.map((id) => nameOf(data?.find((row) => row.id === id)) || String(id));
  return (
    <>
      <Button label="Delete" color="error" onClick={() => setAsking(true)} disabled={pending}>
        <DeleteIcon />
      </Button>
      <Confirm
        isOpen={asking}
        loading={pending}
        title={`Delete ${count} ${plural}?`}
        content={<span>{bulkDeleteConfirmText(resource, names)}</span>}
        confirm="Delete"
        confirmColor="warning"
        onConfirm={() => {
          setAsking(false);
          run();
        }}
        onClose={() => setAsking(false)}
      />
    </>
  );
};
