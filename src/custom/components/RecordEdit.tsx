import type { ReactNode } from 'react';
import { Edit, SaveButton, Toolbar, useNotify } from 'react-admin';
import { messages } from '../../../shared/catalogue/messages';
import { HistoryTab } from '../audit/HistoryTab';
import { ConfirmDeleteButton, type ConfirmDeleteButtonProps } from './ConfirmDeleteButton';
import { RawDataTab } from './RawDataTab';
import { RecordTabs, type RecordTab } from './RecordTabs';
import { useLoadFailure } from './useLoadFailure';

export interface UpdateDeleteToolbarProps {
  /** Says why this record may not be deleted. */
  deleteRefusal?: string;
  /** Explains a delete the server refused (what to move or delete first). */
  explainDeleteFailure?: ConfirmDeleteButtonProps['explainFailure'];
}

/** Update and Delete (after 'Are you sure?'). */
export const UpdateDeleteToolbar = ({ deleteRefusal, explainDeleteFailure }: UpdateDeleteToolbarProps) => (
  <Toolbar sx={{ justifyContent: 'space-between' }}>
    <SaveButton label="Update" icon={<></>} />
    <ConfirmDeleteButton refusal={deleteRefusal} explainFailure={explainDeleteFailure} />
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
 * Every record page of spec §2: tabs Information, …, History, Raw Data; Update says 'Updated!' (or shows the
 * server's code); a record that cannot load shows its text and goes back to the list.
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
