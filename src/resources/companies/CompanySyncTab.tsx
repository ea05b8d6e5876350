import { Box, Button as MuiButton, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useCanAccess, useDataProvider, useRecordContext, useRefresh, type RaRecord } from 'react-admin';
import { formatShortDateTime } from '../../../shared/catalogue/dates';
import { messages } from '../../../shared/catalogue/messages';
import { useNotifyingMutation } from '../../custom/components/useNotifyingMutation';
import type { AdminDataProvider } from '../../providers/dataProvider';
import type { SyncJob } from '../../providers/companyCalls';
import type { CompanyDetailRecord } from '../../providers/records';

/** Start stores the old-platform id and records a sync job (an update of the company); the tab shows the last job. */
export const CompanySyncTab = () => {
  const company = useRecordContext<CompanyDetailRecord>();
  const { canAccess: canUpdate, isPending: isPendingAccess } = useCanAccess({ resource: 'company', action: 'edit' });
  const dataProvider = useDataProvider<AdminDataProvider>();
  const refresh = useRefresh();
  const [organizationId, setOrganizationId] = useState(String(company?.organization_id ?? ''));
  const sync = useNotifyingMutation(({ id, organisationId }: { id: RaRecord['id']; organisationId: string }) => dataProvider.startSync(id, organisationId), {
    success: messages.success.success,
    onSuccess: () => refresh(),
  });
  if (!company || isPendingAccess) return null;
  const lastSync = company.last_sync as SyncJob | null | undefined;

  const start = (event: FormEvent) => {
    event.preventDefault();
    sync.mutate({ id: company.id, organisationId: organizationId.trim() });
  };

  return (
    <Box component="form" onSubmit={start} sx={{ maxWidth: 480 }}>
      <Stack spacing={2}>
        {canUpdate && (
          <>
            <TextField label="Organisation id" value={organizationId} onChange={(event) => setOrganizationId(event.target.value)} />
            <Box>
              <MuiButton type="submit" variant="contained" disabled={!organizationId.trim() || sync.isPending}>
                Start
              </MuiButton>
            </Box>
          </>
        )}
        <Typography data-testid="last-sync" color="text.secondary">
          {lastSync
            ? `Last sync: ${lastSync.status}, started ${formatShortDateTime(lastSync.started_at)} (organisation ${lastSync.organization_id})`
            : 'No sync yet.'}
        </Typography>
      </Stack>
    </Box>
  );
};
