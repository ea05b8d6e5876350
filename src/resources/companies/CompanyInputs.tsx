import { Box } from '@mui/material';
import { BooleanInput, NumberInput, TextInput, email, required } from 'react-admin';
import { DomainSelect, SubDomainSelect } from '../../custom/components/DomainSelects';
import { FileUploadInput } from '../../custom/components/upload/FileUploadInput';
import { BALANCE_SOURCE, LOGO_FOLDER, creditUnit } from '../../custom/product';

const Row = ({ children }: { children: React.ReactNode }) => (
  <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', width: '100%', '& > *': { flex: '1 1 200px' } }}>{children}</Box>
);

/** Every editable company field of spec §3. */
export const CompanyInputs = () => (
  <>
    <FileUploadInput source="logo_url" label="Logo" folder={LOGO_FOLDER} />
    <Row>
      <TextInput source="name" label="Name" validate={required()} />
      <TextInput source="siret" label="Siret" />
      <TextInput source="legal_status" label="Legal status" />
    </Row>
    <Row>
      <TextInput source="email" label="Email" validate={email()} />
      <TextInput source="phone" label="Phone" />
      <TextInput source="website" label="Website" />
    </Row>
    <Row>
      <TextInput source="street_number" label="Street number" />
      <TextInput source="route" label="Route" />
    </Row>
    <Row>
      <TextInput source="postal_code" label="Postal code" />
      <TextInput source="city" label="City" />
      <TextInput source="country" label="Country" />
    </Row>
    <Row>
      <DomainSelect source="activity_domain" />
      <SubDomainSelect source="sub_activity_domain" />
    </Row>
    <TextInput source="description" label="Description" multiline minRows={3} fullWidth />
    <Row>
      <TextInput source="employees" label="Employees" />
      <NumberInput source="turnover" label="Turnover" min={0} />
      <NumberInput source="creation_year" label="Creation year" step={1} />
    </Row>
    <Row>
      <NumberInput source={BALANCE_SOURCE} label={`${creditUnit} balance`} />
      <TextInput source="organization_id" label="Old platform id" />
    </Row>
    <BooleanInput source="is_test" label="Tester" />
  </>
);
