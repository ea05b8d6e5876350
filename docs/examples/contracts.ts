// The walkthrough's declaration (docs/adding-an-entity.md, step 1): `npm run docs:entities` copies it into the guide, and
// tests/unit/entitiesDoc.test.ts derives its contract, table and example body, so the guide's code is code that works.
import { defineFields } from '../../shared/entities/fields';

/** A company's contract: a monthly amount in credits, a status and a start date. */
export const contractFields = defineFields({
  // eslint-disable-next-line @typescript-eslint/ban-ts-comment -- the guide leaves these two lines out
  // @ts-ignore 'contract' joins RESOURCES in step 3 (not @ts-expect-error: the walkthrough's copy must compile then too)
  name: 'contract',
  label: 'Contract',
  plural: 'Contracts',
  description: 'The companies’ contracts.',
  position: 10,
  recordRepresentation: 'title',
  defaultSort: { field: 'start_date', order: 'DESC' },
  fields: {
    title: { type: 'text', label: 'Title', required: true, maxLength: 200, list: true, searched: true, exported: true },
    company_id: {
      type: 'reference',
      to: 'company',
      onDelete: 'refuse',
      nameKey: 'company_name',
      label: 'Company',
      required: true,
      list: true,
      filter: true,
      exported: true,
    },
    monthly_amount: { type: 'credits', label: 'Monthly amount', required: true, min: 0, max: 1_000_000, list: true, sortable: true, exported: true },
    status: {
      type: 'enum',
      values: ['draft', 'active', 'ended'],
      labels: { draft: 'Draft', active: 'Active', ended: 'Ended' },
      label: 'Status',
      required: true,
      default: 'draft',
      list: true,
      filter: true,
      exported: true,
    },
    start_date: { type: 'date', label: 'Start date', required: true, list: true, sortable: true, exported: true },
  },
});
