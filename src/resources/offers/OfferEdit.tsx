import { lazyNamed } from '../../custom/lazyNamed';
import { useCanAccess } from 'react-admin';
import { offerFields, offerFormRows } from '../../../shared/entities/offers';
import { FieldInputs } from '../../custom/fields/FieldInputs';
import { RecordEdit, RecordForm, UpdateDeleteToolbar } from '../../custom/components/RecordEdit';
import { offerEditInputs } from './offerInputs';

// Only a role that may not update the record reads it: its code is fetched then, not with the form's.
const OfferShow = lazyNamed(() => import('./OfferShow'), 'OfferShow');

/** `/offer/{id}`: the form for an admin who may update offers; the read view at the same address for one who may only read them. */
export const OfferEdit = () => {
  const { canAccess: canUpdate, isPending } = useCanAccess({ action: 'edit' });
  if (isPending) return null;
  if (!canUpdate) return <OfferShow />;
  return (
    <RecordEdit
      form={
        <RecordForm toolbar={<UpdateDeleteToolbar />}>
          <FieldInputs entity={offerFields} on="edit" inputs={offerEditInputs} rows={offerFormRows} />
        </RecordForm>
      }
    />
  );
};
