import { Chip, Stack, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { formatFrenchLongDate } from '../../../shared/catalogue/dates';
import { RecordEdit, RecordForm, UpdateDeleteToolbar } from '../../custom/components/RecordEdit';
import { balanceOf, formatCredit } from '../../custom/product';
import { RegistryLookup } from '../../custom/registry/RegistryLookup';
import { AdjustBalanceButton } from './AdjustBalanceButton';
import { CompanyAvatar } from './CompanyAvatar';
import { CompanyCommentsTab } from './CompanyCommentsTab';
import { CompanyCreditsTab } from './CompanyCreditsTab';
import { CompanyInputs } from './CompanyInputs';
import { CompanySyncTab } from './CompanySyncTab';
import { CompanyUsersTab } from './CompanyUsersTab';
import { explainCompanyNotEmpty } from './companyNotEmpty';
import type { CompanyDetailRecord } from '../../providers/records';

const CompanyHeader = () => {
  const record = useRecordContext<CompanyDetailRecord>();
  if (!record) return null;
  const balance = balanceOf(record);
  return (
    <Stack direction="row" spacing={2} useFlexGap alignItems="center" sx={{ p: 2, pb: 0, flexWrap: 'wrap' }}>
      <CompanyAvatar size={48} />
      <Stack sx={{ minWidth: 0 }}>
        <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {String(record.name ?? '')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Created on {formatFrenchLongDate(record.created_at)}
        </Typography>
      </Stack>
      <Chip label={formatCredit(balance)} color={balance > 0 ? 'success' : balance < 0 ? 'error' : 'default'} data-testid="balance-badge" />
      <AdjustBalanceButton />
    </Stack>
  );
};

/** A balance adjustment reloads the company: unsaved edits of the form survive it. */
const KEEP_UNSAVED_EDITS = { keepDirtyValues: true };

/** A company that still has users, offers, needs or rooms is not deleted: the dialog says what to move first. */
export const CompanyEdit = () => (
  <RecordEdit
    header={<CompanyHeader />}
    form={
      <RecordForm toolbar={<UpdateDeleteToolbar explainDeleteFailure={explainCompanyNotEmpty} />} resetOptions={KEEP_UNSAVED_EDITS}>
        <RegistryLookup />
        <CompanyInputs />
      </RecordForm>
    }
    extraTabs={[
      { label: 'Users', content: <CompanyUsersTab /> },
      { label: 'Comments', content: <CompanyCommentsTab /> },
      { label: 'Sync', content: <CompanySyncTab /> },
      { label: 'Credits', content: <CompanyCreditsTab /> },
    ]}
  />
);
