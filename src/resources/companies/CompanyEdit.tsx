import { Chip, Stack, Typography } from '@mui/material';
import { Edit, SaveButton, SimpleForm, Toolbar, useNotify, useRecordContext } from 'react-admin';
import { formatFrenchLongDate } from '../../catalogue/dates';
import { messages } from '../../catalogue/messages';
import { ConfirmDeleteButton } from '../../custom/components/ConfirmDeleteButton';
import { RawDataTab } from '../../custom/components/RawDataTab';
import { RecordTabs } from '../../custom/components/RecordTabs';
import { useLoadFailure } from '../../custom/components/useLoadFailure';
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

const CompanyToolbar = () => (
  <Toolbar sx={{ justifyContent: 'space-between' }}>
    <SaveButton label="Update" icon={<></>} />
    <ConfirmDeleteButton />
  </Toolbar>
);

/** Spec §2 /company/{id}: Information, Users, Comments, Sync, Raw Data. */
export const CompanyEdit = () => {
  const notify = useNotify();
  return (
    <Edit
      title="Company"
      mutationMode="pessimistic"
      redirect={false}
      queryOptions={useLoadFailure()}
      mutationOptions={{ onSuccess: () => notify(messages.success.updated, { type: 'success' }) }}
    >
      <CompanyHeader />
      <RecordTabs
        tabs={[
          {
            label: 'Information',
            content: (
              <SimpleForm toolbar={<CompanyToolbar />}>
                <RegistryLookup />
                <CompanyInputs />
              </SimpleForm>
            ),
          },
          { label: 'Users', content: <CompanyUsersTab /> },
          { label: 'Comments', content: <CompanyCommentsTab /> },
          { label: 'Sync', content: <CompanySyncTab /> },
          { label: 'Raw Data', content: <RawDataTab /> },
        ]}
      />
    </Edit>
  );
};
