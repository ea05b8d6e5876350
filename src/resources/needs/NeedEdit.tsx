import { SelectInput, TextInput, required, type RaRecord } from 'react-admin';
import { DomainSelect, SubDomainSelect } from '../../custom/components/DomainSelects';
import { OrganisationInput } from '../../custom/components/OrganisationInput';
import { RecordEdit, RecordForm, UpdateDeleteToolbar } from '../../custom/components/RecordEdit';
import { shortText } from '../../custom/components/recordTitle';
import { EMERGENCY_CHOICES, STATUS_CHOICES } from './needChoices';

/** A need has no name: its title is the start of its description, else its organisation. */
const needName = (need: RaRecord): string => shortText(need.description) || shortText(need.organisation_name);

export const NeedEdit = () => (
  <RecordEdit
    nameOf={needName}
    form={
      <RecordForm toolbar={<UpdateDeleteToolbar />}>
        <OrganisationInput />
        <DomainSelect source="activity_domain" fullWidth />
        <SubDomainSelect source="sub_activity_domain" fullWidth />
        <TextInput source="description" label="Description" validate={required()} multiline minRows={3} fullWidth />
        <SelectInput source="emergency" label="Emergency" choices={EMERGENCY_CHOICES} validate={required()} fullWidth />
        <SelectInput source="status" label="Status" choices={STATUS_CHOICES} validate={required()} fullWidth />
      </RecordForm>
    }
  />
);
