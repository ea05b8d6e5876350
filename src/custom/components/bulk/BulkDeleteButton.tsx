import DeleteIcon from '@mui/icons-material/Delete';
import { useState } from 'react';
import { Button, Confirm } from 'react-admin';
import { useBulkAction } from './useBulkAction';

/** Deletes the selected rows after a confirm that says how many; each refusal (a company that is not empty…) is reported. */
export const BulkDeleteButton = ({ plural }: { plural: string }) => {
  const [asking, setAsking] = useState(false);
  const { run, pending, count } = useBulkAction('delete', 'deleted');
  return (
    <>
      <Button label="Delete" color="error" onClick={() => setAsking(true)} disabled={pending}>
        <DeleteIcon />
      </Button>
      <Confirm
        isOpen={asking}
        loading={pending}
        title={`Delete ${count} ${plural}?`}
        content="This cannot be undone."
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
