import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import { useRecordContext, type RaRecord } from 'react-admin';
import { versionOf } from '../../../providers/versions';

/** The record a form's edits were made on: its save's If-Match, and the conflict dialog's "before". */
type SetEditedRecord = (record: RaRecord | undefined) => void;
const EditedRecordContext = createContext<SetEditedRecord>(() => undefined);

/**
 * Around a record page's Edit: the record its form's edits were made on. `transform` puts its version in the saved data,
 * where the data provider takes If-Match from (not in `meta`: react-admin keys its cache update by the meta).
 */
export function useEditedRecord() {
  const [record, setRecord] = useState<RaRecord>();
  const version = versionOf(record);
  const transform = (data: RaRecord) => (version === undefined ? data : { ...data, version });
  const provide = (children: ReactNode) => <EditedRecordContext.Provider value={setRecord}>{children}</EditedRecordContext.Provider>;
  return { record, transform, provide };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Inside a record form. A form that keeps unsaved edits through a reload (the company's) would otherwise save them
 * at the reloaded version, silently over another admin's change of the same fields. So the version of the edits moves
 * to a reloaded record only when no field the admin edited changed in it; otherwise the save goes at the version the
 * edits were made on, and the server's 409 opens the conflict dialog.
 */
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
