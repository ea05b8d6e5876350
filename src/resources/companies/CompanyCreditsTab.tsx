import { Typography } from '@mui/material';
import { Datagrid, FunctionField, ReferenceManyField, TextField } from 'react-admin';
import { formatShortDateTime } from '../../../shared/catalogue/dates';
import { PAGE_SIZE } from '../../../shared/catalogue/pagination';
import { Paginator } from '../../custom/components/Paginator';
import { ScrollRegion } from '../../custom/components/ScrollRegion';
import { formatCredit } from '../../custom/product';
import type { CreditEntryRecord } from '../../providers/records';
import { CompanyPendingRequests } from './CompanyPendingRequests';

/** The admin who made the entry, and the second admin who approved it when it went through a request. */
const EntryAdmins = ({ entry }: { entry: CreditEntryRecord }) => (
  <>
    {entry.admin_name ?? '—'}
    {entry.approved_by_name && (
      <Typography variant="caption" color="text.secondary" display="block">
        approved by {entry.approved_by_name}
      </Typography>
    )}
  </>
);

export const CompanyCreditsTab = () => (
  <>
    <CompanyPendingRequests />
    <ReferenceManyField reference="credit_entry" target="company_id" perPage={PAGE_SIZE} pagination={<Paginator />}>
      <ScrollRegion label="Credits">
        <Datagrid bulkActionButtons={false} rowClick={false} empty={<></>}>
          <FunctionField<CreditEntryRecord> label="Date" render={(entry) => formatShortDateTime(entry.created_at)} />
          <FunctionField<CreditEntryRecord> label="Amount" render={(entry) => formatCredit(entry.amount)} />
          <FunctionField<CreditEntryRecord> label="Balance after" render={(entry) => formatCredit(entry.balance_after)} />
          <TextField source="reason" label="Reason" sortable={false} />
          <FunctionField<CreditEntryRecord> label="Admin" render={(entry) => <EntryAdmins entry={entry} />} />
        </Datagrid>
      </ScrollRegion>
    </ReferenceManyField>
  </>
);
