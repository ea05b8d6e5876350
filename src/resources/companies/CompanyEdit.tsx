import { Chip, Stack, Typography } from '@mui/material';
import { SimpleForm, useRecordContext } from 'react-admin';
import { formatFrenchLongDate } from '../../catalogue/dates';
import { RecordEdit, UpdateDeleteToolbar } from '../../custom/components/RecordEdit';
import { BALANCE_SOURCE, formatCredit } from '../../custom/product';
import { RegistryLookup } from '../../custom/registry/RegistryLookup';
import { CompanyAvatar } from './CompanyAvatar';
import { CompanyCommentsTab } from './CompanyCommentsTab';
import { CompanyInputs } from './CompanyInputs';
import { CompanySyncTab } from './CompanySyncTab';
import { CompanyUsersTab } from './CompanyUsersTab';

/** The creation date and the credit balance badge (spec §2). */
const CompanyHeader = () => {
  const record = useRecordContext();
  if (!record) return null;
  const balance = Number(record[BALANCE_SOURCE] ?? 0);
  return (
    <Stack direction="row" spacing={2} alignItems="center" sx={{ p: 2, pb: 0 }}>
      <CompanyAvatar size={48} />
      <Stack>
        <Typography variant="h6">{String(record.name ?? '')}</Typography>
        <Typography variant="body2" color="text.secondary">
          Created on {formatFrenchLongDate(record.created_at)}
        </Typography>
      </Stack>
      <Chip label={formatCredit(balance)} color={balance > 0 ? 'success' : balance < 0 ? 'error' : 'default'} data-testid="balance-badge" />
    </Stack>
  );
};

/** Spec §2 /company/{id}: Information, Users, Comments, Sync, Raw Data. */
export const CompanyEdit = () => (
  <RecordEdit
    title="Company"
    header={<CompanyHeader />}
    form={
      <SimpleForm toolbar={<UpdateDeleteToolbar />}>
        <RegistryLookup />
        <CompanyInputs />
      </SimpleForm>
    }
    extraTabs={[
      { label: 'Users', content: <CompanyUsersTab /> },
      { label: 'Comments', content: <CompanyCommentsTab /> },
      { label: 'Sync', content: <CompanySyncTab /> },
    ]}
  />
);
