import { SelectInput, SimpleForm, TextInput, required } from 'react-admin';
import { DomainSelect, SubDomainSelect } from '../../custom/components/DomainSelects';
import { OrganisationInput } from '../../custom/components/OrganisationInput';
import { RecordEdit, UpdateDeleteToolbar } from '../../custom/components/RecordEdit';
import { EMERGENCY_CHOICES, STATUS_CHOICES } from './needChoices';

/** /need/{id}: edit (status: any of the three) and delete; Raw Data. */
export const NeedEdit = () => (
  <RecordEdit
    title="Need"
    form={
      <SimpleForm toolbar={<UpdateDeleteToolbar />}>
        <OrganisationInput />
        <DomainSelect source="activity_domain" fullWidth />
        <SubDomainSelect source="sub_activity_domain" fullWidth />
        <TextInput source="description" label="Description" validate={required()} multiline minRows={3} fullWidth />
        <SelectInput source="emergency" label="Emergency" choices={EMERGENCY_CHOICES} validate={required()} fullWidth />
        <SelectInput source="status" label="Status" choices={STATUS_CHOICES} validate={required()} fullWidth />
      </SimpleForm>
    }
  />
);
