import AddIcon from '@mui/icons-material/Add';
import { Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useId, useState, type ReactNode } from 'react';
import { Button, CreateBase, Form, useNotify, useRedirect, useResourceContext, type RaRecord } from 'react-admin';
import { RequiredFieldsSaveButton } from './RequiredFieldsSaveButton';

export interface CreateModalProps {
  /** The button that opens the modal. */
  openLabel: string;
  title: string;
  successMessage: string;
  children: ReactNode;
}

/**
 * A create modal: a form in a dialog whose Create button waits until the form is valid (the inputs that are
 * validated `required()` are filled); on success, the resource's toast and the new record's page. Failures show
 * the server code or the resource's fallback text (the data provider puts either in the error message).
 */
export const CreateModal = ({ openLabel, title, successMessage, children }: CreateModalProps) => {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const resource = useResourceContext();
  const notify = useNotify();
  const redirect = useRedirect();
  const close = () => setOpen(false);
  return (
    <>
      <Button label={openLabel} onClick={() => setOpen(true)}>
        <AddIcon />
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <CreateBase
          resource={resource}
          redirect={false}
          mutationOptions={{
            onSuccess: (record: RaRecord) => {
              notify(successMessage, { type: 'success' });
              close();
              redirect('edit', resource, record.id);
            },
          }}
        >
          <Form mode="onChange">
            <DialogContent>{children}</DialogContent>
            <DialogActions>
              <Button label="Cancel" onClick={close} />
              <RequiredFieldsSaveButton label="Create" variant="contained" />
            </DialogActions>
          </Form>
        </CreateBase>
      </Dialog>
    </>
  );
};
