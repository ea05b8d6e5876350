import { useCanAccess } from 'react-admin';
import { needFields } from '../../../shared/entities/needs';
import { FieldInputs } from '../../custom/fields/FieldInputs';
import { RecordEdit, RecordForm, UpdateDeleteToolbar } from '../../custom/components/RecordEdit';
import { lazyNamed } from '../../custom/lazyNamed';
import { needInputs } from './needInputs';
import { needName } from './needName';

// Only a role that may not update the record reads it: its code is fetched then, not with the form's.
const NeedShow = lazyNamed(() => import('./NeedShow'), 'NeedShow');

/** `/need/{id}`: the form for an admin who may update needs; the read view at the same address for one who may only read them. */
export const NeedEdit = () => {
  const { canAccess: canUpdate, isPending } = useCanAccess({ action: 'edit' });
  if (isPending) return null;
  if (!canUpdate) return <NeedShow />;
  return (
    <RecordEdit
      nameOf={needName}
      form={
        <RecordForm toolbar={<UpdateDeleteToolbar />}>
          <FieldInputs entity={needFields} on="edit" inputs={needInputs} />
        </RecordForm>
      }
    />
  );
};
