import DeleteIcon from '@mui/icons-material/Delete';
import { Button as MuiButton, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId, useState, type ReactNode } from 'react';
import {
  AccessDenied,
  Button,
  CanAccess,
  DeleteWithConfirmButton,
  Edit,
  SaveButton,
  SimpleForm,
  Toolbar,
  useNotify,
  useCanAccess,
  useCanBlock,
  useRecordContext,
  useRedirect,
  useResourceContext,
  useWarnWhenUnsavedChanges,
  type RaRecord,
  type SimpleFormProps,
} from 'react-admin';
import { messages } from '../../../shared/catalogue/messages';
import { failureMessage } from '../../providers/failureMessage';
import { HistoryTab } from '../audit/HistoryTab';
import { StaleConflictProvider, StaleRecordDialog, useStaleConflict } from './conflict/StaleRecordConflict';
import { RecordPresence } from './presence/RecordPresence';
import { TrackEditedVersion, useEditedRecord } from './conflict/editedVersion';
import { RawDataTab } from './RawDataTab';
import { deleteConfirmText } from './deleteConsequences';
import { explainRecordInUse } from './recordInUse';
import { RecordSkeleton } from './RecordSkeleton';
import { RecordTabs, type RecordTab } from './RecordTabs';
import { defaultRecordName, recordPageTitle } from './recordTitle';
import { useLoadFailure } from './useLoadFailure';
import { useRecordName } from './useRecordName';
import { useRecordPath } from './useRecordPath';
import { useSectionLabel } from './useSectionLabel';

export interface UpdateDeleteToolbarProps {
  /** Why the record may not be deleted: Delete says so instead of asking. */
  deleteRefusal?: string;
  /** Whether the record may be deleted is not known yet. */
  deleteDisabled?: boolean;
  /** A server refusal as what to do first, shown in a dialog (RECORD_IN_USE is, always); otherwise its code is a toast. */
  explainDeleteFailure?: (error: unknown) => string | undefined;
}

/** A record that may not be deleted at all (an admin's own account) says why at once, without asking. */
const RecordDeleteButton = ({ deleteRefusal, deleteDisabled, explainDeleteFailure }: UpdateDeleteToolbarProps) => {
  const notify = useNotify();
  const redirect = useRedirect();
  const resource = useResourceContext();
  const [explanation, setExplanation] = useState<string>();
  const explanationTitleId = useId();
  // The confirmation names the record and says what goes with it (or what refuses it), under the spec's 'Are you sure?'.
  const nameOf = useRecordName(resource);
  const confirmText = deleteConfirmText(resource ?? '', nameOf(useRecordContext()));
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
        confirmContent={<span>{confirmText}</span>}
        mutationMode="pessimistic"
        mutationOptions={{
          // These replace react-admin's own side effects, whose toast is an 'info' one and whose failure text differs.
          onSuccess: () => {
            notify(messages.success.deleted, { type: 'success' });
            redirect('list', resource);
          },
          onError: (error: unknown) => {
            const explained = explainDeleteFailure?.(error) ?? explainRecordInUse(resource ?? '', error);
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

/** Delete shows for an admin who may delete the record; a read-only form has no toolbar at all (RecordForm). */
export const UpdateDeleteToolbar = (props: UpdateDeleteToolbarProps) => (
  <Toolbar sx={{ justifyContent: 'space-between' }}>
    <SaveButton label="Update" icon={<></>} />
    <CanAccess action="delete">
      <RecordDeleteButton {...props} />
    </CanAccess>
  </Toolbar>
);

/** The record page's address, all its tabs included, counts as inside the form. */
const WarnWhenLeavingUnsavedEdits = () => {
  useWarnWhenUnsavedChanges(true, useRecordPath());
  return null;
};

/**
 * Warns before unsaved edits are left, not when another tab opens. Not SimpleForm's `formRootPathname`, which it passes
 * on to a DOM element; blocking needs a data router (a bare test router has none). An admin who may not update the
 * record reads it: every input disabled, no toolbar. The form waits for the answers (its toolbar's Delete's too, then
 * known) rather than change under the admin.
 */
export const RecordForm = ({ children, toolbar, ...props }: SimpleFormProps) => {
  const canBlock = useCanBlock();
  const { canAccess: canUpdate, isPending } = useCanAccess({ action: 'edit' });
  const { isPending: isPendingDelete } = useCanAccess({ action: 'delete' });
  if (isPending || isPendingDelete) return null;
  return (
    <SimpleForm {...props} disabled={!canUpdate} toolbar={canUpdate ? toolbar : false}>
      {children}
      {canBlock && <WarnWhenLeavingUnsavedEdits />}
      <TrackEditedVersion />
      <StaleRecordDialog />
    </SimpleForm>
  );
};

export interface RecordEditProps {
  form: ReactNode;
  /** Shown above the tabs (a company's date and balance badge). */
  header?: ReactNode;
  /** Tabs between Information and History. */
  extraTabs?: RecordTab[];
  nameOf?: (record: RaRecord) => string;
}

const RecordPageTitle = ({ nameOf }: { nameOf: (record: RaRecord) => string }) => {
  const record = useRecordContext();
  return <>{recordPageTitle(record ? nameOf(record) : '', useSectionLabel())}</>;
};

/** A wide table or long line scrolls in its own box on a phone instead of widening the page (`width: 0` + `min-width: 100%`). */
const FIT_THE_SCREEN = { width: 0, minWidth: '100%', '& .RaEdit-main, & .RaEdit-card': { minWidth: 0 } };

/** A refusal's validation errors are shown under their fields by the form, not in a toast (react-admin's rule). */
const hasFieldErrors = (error: unknown) => Object.keys((error as { body?: { errors?: object } } | null)?.body?.errors ?? {}).length > 0;

/**
 * Every record page, for an admin who may read the record: react-admin's Edit alone would ask for `edit`, which a
 * read-only admin lacks (they see the record, RecordForm disables it), so the page asks for `show` itself.
 */
export const RecordEdit = (props: RecordEditProps) => (
  <CanAccess action="show" accessDenied={<AccessDenied />}>
    <RecordEditPage {...props} />
  </CanAccess>
);

const RecordEditPage = ({ form, header, extraTabs = [], nameOf = defaultRecordName }: RecordEditProps) => {
  const notify = useNotify();
  const { state, onSaveError } = useStaleConflict();
  const edited = useEditedRecord();
  // The record's audit trail is a list of audit events: only an admin who may list them has the History tab.
  const { canAccess: canReadHistory } = useCanAccess({ resource: 'audit_event', action: 'list' });
  return edited.provide(
    <StaleConflictProvider state={state}>
      <Edit
        // The `show` access was checked above; the session by the layout.
        disableAuthentication
        title={<RecordPageTitle nameOf={nameOf} />}
        mutationMode="pessimistic"
        redirect={false}
        queryOptions={useLoadFailure()}
        transform={edited.transform}
        mutationOptions={{
          onSuccess: () => notify(messages.success.updated, { type: 'success' }),
          onError: (error: unknown, variables) => {
            if (onSaveError(error, variables, edited.record) || hasFieldErrors(error)) return;
            notify(failureMessage(error, messages.failure.update), { type: 'error' });
          },
        }}
        sx={FIT_THE_SCREEN}
        render={({ record }) =>
          record && canReadHistory !== undefined ? (
            <>
              <RecordPresence />
              {header}
              <RecordTabs
                tabs={[
                  { label: 'Information', content: form, keepMounted: true },
                  ...extraTabs,
                  ...(canReadHistory ? [{ label: 'History', content: <HistoryTab /> }] : []),
                  { label: 'Raw Data', content: <RawDataTab /> },
                ]}
              />
            </>
          ) : (
            <RecordSkeleton />
          )
        }
      />
    </StaleConflictProvider>,
  );
};
