import DeleteIcon from '@mui/icons-material/Delete';
import { Button as MuiButton, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId, useState, type ReactNode } from 'react';
import { Button, DeleteWithConfirmButton, Edit, SaveButton, Toolbar, useNotify, useRedirect, useResourceContext } from 'react-admin';
import { messages } from '../../../shared/catalogue/messages';
import { failureMessage } from '../../providers/failureMessage';
import { HistoryTab } from '../audit/HistoryTab';
import { RawDataTab } from './RawDataTab';
import { RecordTabs, type RecordTab } from './RecordTabs';
import { useLoadFailure } from './useLoadFailure';

export interface UpdateDeleteToolbarProps {
  /** Says why this record may not be deleted, instead of asking; undefined when it may. */
  deleteRefusal?: string;
  /** Delete waits: whether the record may be deleted is not known yet. */
  deleteDisabled?: boolean;
  /** Turns a refusal from the server into what to do first, shown in a dialog; otherwise its code is a toast. */
  explainDeleteFailure?: (error: unknown) => string | undefined;
}

/**
 * Delete, after 'Are you sure?' (and nothing else: the prompt has no body text); then 'Delete!' and back to the
 * list. A refused delete shows the server's code, or 'Error!' when it gives none, or the explanation of what to
 * move first. A record that may not be deleted at all (an admin's own account) says why at once, without asking.
 */
const RecordDeleteButton = ({ deleteRefusal, deleteDisabled, explainDeleteFailure }: UpdateDeleteToolbarProps) => {
  const notify = useNotify();
  const redirect = useRedirect();
  const resource = useResourceContext();
  const [explanation, setExplanation] = useState<string>();
  const explanationTitleId = useId();
  if (deleteRefusal) {
    return (
      <Button label="Delete" color="error" onClick={() => notify(deleteRefusal, { type: 'warning' })} disabled={deleteDisabled}>
        <DeleteIcon />
      </Button>
    );
  }
  return (
    <>
      <DeleteWithConfirmButton
        label="Delete"
        disabled={deleteDisabled}
        confirmTitle={messages.other.areYouSure}
        confirmContent=""
        mutationMode="pessimistic"
        mutationOptions={{
          // These replace react-admin's own side effects, whose toast is an 'info' one and whose failure text differs.
          onSuccess: () => {
            notify(messages.success.deleted, { type: 'success' });
            redirect('list', resource);
          },
          onError: (error: unknown) => {
            const explained = explainDeleteFailure?.(error);
            if (explained) setExplanation(explained);
            else notify(failureMessage(error, messages.failure.generic), { type: 'error' });
          },
        }}
      />
      <Dialog open={explanation !== undefined} onClose={() => setExplanation(undefined)} aria-labelledby={explanationTitleId}>
        <DialogTitle id={explanationTitleId}>Cannot delete yet</DialogTitle>
        <DialogContent>
          <DialogContentText>{explanation}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setExplanation(undefined)} autoFocus>
            OK
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
};

/** Update and Delete (after 'Are you sure?'). */
export const UpdateDeleteToolbar = (props: UpdateDeleteToolbarProps) => (
  <Toolbar sx={{ justifyContent: 'space-between' }}>
    <SaveButton label="Update" icon={<></>} />
    <RecordDeleteButton {...props} />
  </Toolbar>
);

export interface RecordEditProps {
  title: string;
  /** The Information tab: the record's form. */
  form: ReactNode;
  /** Shown above the tabs (a company's date and balance badge). */
  header?: ReactNode;
  /** Tabs between Information and History. */
  extraTabs?: RecordTab[];
}

/**
 * Every record page: tabs Information, …, History, Raw Data; Update says 'Updated!' (or shows the server's
 * code); a record that cannot load shows its text and goes back to the list.
 */
export const RecordEdit = ({ title, form, header, extraTabs = [] }: RecordEditProps) => {
  const notify = useNotify();
  return (
    <Edit
      title={title}
      mutationMode="pessimistic"
      redirect={false}
      queryOptions={useLoadFailure()}
      mutationOptions={{ onSuccess: () => notify(messages.success.updated, { type: 'success' }) }}
    >
      {header}
      <RecordTabs
        tabs={[
          { label: 'Information', content: form },
          ...extraTabs,
          { label: 'History', content: <HistoryTab /> },
          { label: 'Raw Data', content: <RawDataTab /> },
        ]}
      />
    </Edit>
  );
};
