import { useCanAccess } from 'react-admin';
import { RecordEdit, RecordForm, UpdateDeleteToolbar } from '../components/RecordEdit';
import { FieldInputs } from './FieldInputs';
import { recordName } from './fieldFormat';
import { useFieldScreens } from './fieldScreensContext';

/**
 * `/{name}/{id}`: the record's form for an admin who may update it (the fields an update takes as inputs, the others
 * as text); for one who may only read it, the read view at the same address, so that a link works for every role.
 */
export const DerivedEdit = () => {
  const { entity, show: ReadView } = useFieldScreens();
  const { canAccess: canUpdate, isPending } = useCanAccess({ action: 'edit' });
  if (isPending) return null;
  if (!canUpdate) return <ReadView />;
  return (
    <RecordEdit
      nameOf={(record) => recordName(entity, record)}
      form={
        <RecordForm toolbar={<UpdateDeleteToolbar />}>
          <FieldInputs entity={entity} on="edit" />
        </RecordForm>
      }
    />
  );
};
