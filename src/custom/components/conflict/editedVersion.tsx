import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import { useRecordContext, type RaRecord } from 'react-admin';
import { versionOf } from '../../../providers/versions';

/** The record a form's edits were made on: its save's If-Match, and the conflict dialog's "before". */
type SetEditedRecord = (record: RaRecord | undefined) => void;
const EditedRecordContext = createContext<SetEditedRecord>(() => undefined);

/** `transform` puts the edited record's version in the saved data, where If-Match comes from (not `meta`: react-admin keys its cache update by it). */
export function useEditedRecord() {
  const [record, setRecord] = useState<RaRecord>();
  const version = versionOf(record);
  const transform = (data: RaRecord) => (version === undefined ? data : { ...data, version });
  const provide = (children: ReactNode) => <EditedRecordContext.Provider value={setRecord}>{children}</EditedRecordContext.Provider>;
  return { record, transform, provide };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Edits kept through a reload would save at the reloaded version, over another admin's change: the version moves on only when no edited field changed. */
export const TrackEditedVersion = () => {
  const record = useRecordContext();
  const { dirtyFields } = useFormState();
  // react-hook-form clears isDirty on a reset that keeps dirty values, and keeps dirtyFields: these are the edits.
  const editedFields = Object.keys(dirtyFields).join(',');
  const { getValues } = useFormContext();
  const setEditedRecord = useContext(EditedRecordContext);
  const base = useRef<RaRecord | undefined>(undefined);
  useEffect(() => {
    if (!record) return;
    const edited = base.current;
    // A field the admin edited that the reloaded record changed, to something else than the admin typed (their own save).
    const clash =
      edited !== undefined &&
      editedFields.split(',').some((field) => field !== '' && !same(edited[field], record[field]) && !same(getValues(field), record[field]));
    if (!clash) base.current = record;
    setEditedRecord(base.current);
  }, [record, editedFields, getValues, setEditedRecord]);
  return null;
};
