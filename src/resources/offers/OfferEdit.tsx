import { BooleanInput, NumberInput, SelectInput, TextInput, required } from 'react-admin';
import { DomainSelect, SubDomainSelect } from '../../custom/components/DomainSelects';
import { FieldRow } from '../../custom/components/FieldRow';
import { OrganisationInput } from '../../custom/components/OrganisationInput';
import { RecordEdit, RecordForm, UpdateDeleteToolbar } from '../../custom/components/RecordEdit';
import { ImagesInput } from '../../custom/components/upload/ImagesInput';
import { CREDIT_RATIO_CHOICES, OFFER_IMAGES_FOLDER, UNIT_CHOICES } from './offerFormat';

export const OfferEdit = () => (
  <RecordEdit
    form={
      <RecordForm toolbar={<UpdateDeleteToolbar />}>
        <TextInput source="title" label="Title" validate={required()} fullWidth />
        <TextInput source="description" label="Description" validate={required()} multiline minRows={3} fullWidth />
        <ImagesInput source="images" label="Images" folder={OFFER_IMAGES_FOLDER} />
        <OrganisationInput />
        <FieldRow>
          <DomainSelect source="activity_domain" />
          <SubDomainSelect source="sub_activity_domain" />
        </FieldRow>
        <FieldRow>
          <NumberInput source="price" label="Price" min={0} />
          <SelectInput source="unit" label="Unit" choices={UNIT_CHOICES} />
          <SelectInput source="credit_ratio" label="Credit ratio" choices={CREDIT_RATIO_CHOICES} />
        </FieldRow>
        <BooleanInput source="price_on_proposal" label="sur devis" />
      </RecordForm>
    }
  />
);
