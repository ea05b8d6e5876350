import { offerFields, offerFormRows } from '../../../shared/entities/offers';
import { FieldInputs } from '../../custom/fields/FieldInputs';
import { RecordEdit, RecordForm, UpdateDeleteToolbar } from '../../custom/components/RecordEdit';
import { offerEditInputs } from './offerInputs';

export const OfferEdit = () => (
  <RecordEdit
    form={
      <RecordForm toolbar={<UpdateDeleteToolbar />}>
        <FieldInputs entity={offerFields} on="edit" inputs={offerEditInputs} rows={offerFormRows} />
      </RecordForm>
    }
  />
);
