import { Fragment, type ReactElement } from 'react';
import { BooleanInput, NumberInput, TextInput, email, required } from 'react-admin';
import { companyFields, companyFormRows, type CompanyField } from '../../../shared/entities/companies';
import type { FieldDeclaration } from '../../../shared/entities/fields';
import { DomainSelect, SubDomainSelect } from '../../custom/components/DomainSelects';
import { FieldRow } from '../../custom/components/FieldRow';
import { FileUploadInput } from '../../custom/components/upload/FileUploadInput';
import { LOGO_FOLDER } from '../../custom/product';

const label = (name: CompanyField) => companyFields.fields[name].label;

/** The fields whose input is the company's own: the logo's upload, the domain pair's selects. */
const OWN_INPUTS: Partial<Record<CompanyField, () => ReactElement>> = {
  logo_url: () => <FileUploadInput source="logo_url" label={label('logo_url')} folder={LOGO_FOLDER} />,
  activity_domain: () => <DomainSelect source="activity_domain" label={label('activity_domain')} />,
  sub_activity_domain: () => <SubDomainSelect source="sub_activity_domain" label={label('sub_activity_domain')} />,
};

// Module-level: react-admin compares validators by identity.
const REQUIRED = [required()];
const EMAIL = [email()];

/** A declared field's input (shared/entities/companies.ts): its label and bounds from the declaration. */
function DeclaredInput({ name, field }: { name: string; field: FieldDeclaration }) {
  switch (field.type) {
    case 'longText':
      return <TextInput source={name} label={field.label} multiline minRows={3} fullWidth />;
    case 'credits':
    case 'integer':
      return <NumberInput source={name} label={field.label} min={field.min} max={field.max} step={field.type === 'integer' ? 1 : undefined} />;
    case 'boolean':
      return <BooleanInput source={name} label={field.label} />;
    case 'email':
      return <TextInput source={name} label={field.label} validate={EMAIL} />;
    default:
      return <TextInput source={name} label={field.label} validate={field.required ? REQUIRED : undefined} />;
  }
}

const input = (name: CompanyField) => (
  <Fragment key={name}>{OWN_INPUTS[name]?.() ?? <DeclaredInput name={name} field={companyFields.fields[name]} />}</Fragment>
);

/** Every editable company field but the balance, which moves only through 'Adjust balance' (the ledger), in the declared rows. */
export const CompanyInputs = () => (
  <>{companyFormRows.map((row) => (row.length === 1 ? input(row[0] as CompanyField) : <FieldRow key={row.join()}>{row.map(input)}</FieldRow>))}</>
);
