import { SelectInput, TextInput, required } from 'react-admin';
import { DomainSelect, SubDomainSelect } from '../../custom/components/DomainSelects';
import { OrganisationInput } from '../../custom/components/OrganisationInput';
import { requiredText } from '../../custom/components/validators';
import { EMERGENCY_CHOICES } from './needChoices';

export const NeedCreateInputs = () => (
  <>
    <TextInput source="description" label="Description" validate={requiredText} multiline minRows={3} fullWidth />
    <SelectInput source="emergency" label="Emergency" choices={EMERGENCY_CHOICES} validate={required()} fullWidth />
    <OrganisationInput />
    <DomainSelect source="activity_domain" fullWidth />
    <SubDomainSelect source="sub_activity_domain" fullWidth />
  </>
);
