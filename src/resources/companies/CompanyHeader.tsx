import { Chip, Stack, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { formatFrenchLongDate } from '../../../shared/catalogue/dates';
import { balanceOf, formatCredit } from '../../custom/product';
import { AdjustBalanceButton } from './AdjustBalanceButton';
import { CompanyAvatar } from './CompanyAvatar';
import type { CompanyDetailRecord } from '../../providers/records';

/** Above every tab of the company page, to edit or to read: its logo, name, creation date and balance. */
export const CompanyHeader = () => {
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
