import { Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useId, type ReactNode } from 'react';
import { Button, CreateBase, Form, useNotify, useRedirect, useResourceContext, type RaRecord } from 'react-admin';
import { RequiredFieldsSaveButton } from './RequiredFieldsSaveButton';

export interface CreateDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  successMessage: string;
  children: ReactNode;
}

/** The create modal's dialog: Create waits until the form is valid; on success, the toast and the new record's page. */
export const CreateDialog = ({ open, onClose, title, successMessage, children }: CreateDialogProps) => {
  const titleId = useId();
  const resource = useResourceContext();
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <CreateBase
        resource={resource}
        redirect={false}
        mutationOptions={{
          onSuccess: (record: RaRecord) => {
            notify(successMessage, { type: 'success' });
            onClose();
            redirect('edit', resource, record.id);
          },
        }}
      >
        <Form mode="onChange">
          <DialogContent>{children}</DialogContent>
          <DialogActions>
            <Button label="Cancel" onClick={onClose} />
            <RequiredFieldsSaveButton label="Create" variant="contained" />
          </DialogActions>
        </Form>
      </CreateBase>
    </Dialog>
  );
};
