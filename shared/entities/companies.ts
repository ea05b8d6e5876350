import { defineFields, exportColumnsOf, sortKeysOf } from './fields';

/**
 * The companies' fields. Companies keep routes and screens of their own (server/routes/companies.ts,
 * src/resources/companies/), which read their fields from here, in the record's order. The balance is no field: the API names it after the product (`{product}_balance`), and it moves only
 * through the ledger.
 */
export const companyFields = defineFields({
  name: 'company',
  label: 'Company',
  plural: 'Companies',
  recordRepresentation: 'name',
  defaultSort: { field: 'created_at', order: 'DESC' },
  fields: {
    name: { type: 'text', label: 'Name', required: true, maxLength: 200, list: true, sortable: true, searched: true, exported: true },
    /** Given in groups or not; kept as its 14 digits. */
    siret: { type: 'text', label: 'Siret', pattern: '(?:\\s*\\d){14}\\s*', searched: true },
    phone: { type: 'text', label: 'Phone', pattern: '[+\\d][\\d .()-]{5,29}', searched: true },
    email: { type: 'email', label: 'Email', searched: true },
    street_number: { type: 'text', label: 'Street number', maxLength: 20 },
    route: { type: 'text', label: 'Route', maxLength: 200 },
    city: { type: 'text', label: 'City', maxLength: 200, list: true, sortable: true, searched: true, exported: true },
    postal_code: { type: 'text', label: 'Postal code', pattern: '[A-Za-z0-9 -]{2,10}', list: true, searched: true, exported: true },
    country: { type: 'text', label: 'Country', maxLength: 200, list: true, exported: true },
    activity_domain: { type: 'text', label: 'Activity domain', list: true, filter: true, sortable: true, exported: true },
    sub_activity_domain: { type: 'text', label: 'Sub-domain', list: true, filter: true, sortable: true, exported: true },
    description: { type: 'longText', label: 'Description', maxLength: 5000, trim: false },
    legal_status: { type: 'text', label: 'Legal status', maxLength: 200 },
    /** A head count or a band ('10-50'); a whole number is kept as its text. */
    employees: { type: 'text', label: 'Employees', maxLength: 50 },
    /** In euros, any decimals: `credits` is the declaration's only non-integer number. */
    turnover: { type: 'credits', label: 'Turnover', min: 0 },
    creation_year: { type: 'integer', label: 'Creation year', min: 1800, max: new Date().getFullYear() + 1 },
    website: { type: 'url', label: 'Website' },
    logo_url: { type: 'url', label: 'Logo', list: true, exported: true },
    is_test: { type: 'boolean', label: 'Tester', required: true, default: false },
    /** The company's id on the old platform. */
    organization_id: { type: 'text', label: 'Old platform id', maxLength: 100 },
  },
});

export type CompanyField = keyof typeof companyFields.fields;

/** The company form's rows, top to bottom (Django's `fieldsets`): a row of one field is on its own. */
export const companyFormRows: readonly (readonly CompanyField[])[] = [
  ['logo_url'],
  ['name', 'siret', 'legal_status'],
  ['email', 'phone', 'website'],
  ['street_number', 'route'],
  ['postal_code', 'city', 'country'],
  ['activity_domain', 'sub_activity_domain'],
  ['description'],
  ['employees', 'turnover', 'creation_year'],
  ['organization_id'],
  ['is_test'],
];

const withBalanceAfter = (keys: string[], after: CompanyField, balance: string): string[] => {
  const at = keys.indexOf(after) + 1;
  return [...keys.slice(0, at), balance, ...keys.slice(at)];
};

/** The search's sort keys: the balance (under its run-time name) comes after the name. */
export const companySortKeys = (balance: string): string[] => withBalanceAfter(sortKeysOf(companyFields), 'name', balance);

/** The CSV's columns, in the spec's order: the balance (under its run-time name) after the logo. */
export const companyExportColumns = (balance: string): string[] => {
  const exported = exportColumnsOf(companyFields);
  const inOrder = ['id', 'name', 'logo_url', 'activity_domain', 'sub_activity_domain', 'postal_code', 'city', 'country', 'created_at'];
  if (inOrder.length !== exported.length || inOrder.some((name) => !exported.includes(name)))
    throw new Error('companies: the CSV order names every exported field');
  return withBalanceAfter(inOrder, 'logo_url', balance);
};
