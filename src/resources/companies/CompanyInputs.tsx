import { BooleanInput, NumberInput, TextInput, email, required } from 'react-admin';
import { DomainSelect, SubDomainSelect } from '../../custom/components/DomainSelects';
import { FieldRow } from '../../custom/components/FieldRow';
import { FileUploadInput } from '../../custom/components/upload/FileUploadInput';
import { LOGO_FOLDER } from '../../custom/product';

/** Every editable company field but the balance, which moves only through 'Adjust balance' (the ledger). */
export const CompanyInputs = () => (
  <>
    <FileUploadInput source="logo_url" label="Logo" folder={LOGO_FOLDER} />
    <FieldRow>
      <TextInput source="name" label="Name" validate={required()} />
      <TextInput source="siret" label="Siret" />
      <TextInput source="legal_status" label="Legal status" />
    </FieldRow>
    <FieldRow>
      <TextInput source="email" label="Email" validate={email()} />
      <TextInput source="phone" label="Phone" />
      <TextInput source="website" label="Website" />
    </FieldRow>
    <FieldRow>
      <TextInput source="street_number" label="Street number" />
      <TextInput source="route" label="Route" />
    </FieldRow>
    <FieldRow>
      <TextInput source="postal_code" label="Postal code" />
      <TextInput source="city" label="City" />
      <TextInput source="country" label="Country" />
    </FieldRow>
    <FieldRow>
      <DomainSelect source="activity_domain" />
      <SubDomainSelect source="sub_activity_domain" />
    </FieldRow>
    <TextInput source="description" label="Description" multiline minRows={3} fullWidth />
    <FieldRow>
      <TextInput source="employees" label="Employees" />
      <NumberInput source="turnover" label="Turnover" min={0} />
      <NumberInput source="creation_year" label="Creation year" step={1} />
    </FieldRow>
    <TextInput source="organization_id" label="Old platform id" />
    <BooleanInput source="is_test" label="Tester" />
  </>
);
