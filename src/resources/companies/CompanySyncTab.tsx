import { Box, Button as MuiButton, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { formatShortDateTime } from '../../catalogue/dates';
import { messages } from '../../catalogue/messages';
import type { AdminDataProvider } from '../../providers/dataProvider';
import type { SyncJob } from '../../providers/companyCalls';
import { failureMessage } from '../../providers/failureMessage';

/**
 * Spec §2 Sync tab: an organisation id field and Start. decisions.md: Start stores the old-platform
 * id and records a sync job; the tab shows the last job.
 */
export const CompanySyncTab = () => {
  const company = useRecordContext();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [organizationId, setOrganizationId] = useState(String(company?.organization_id ?? ''));
  const [busy, setBusy] = useState(false);
  if (!company) return null;
  const lastSync = company.last_sync as SyncJob | null | undefined;

  const start = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await dataProvider.startSync(company.id, organizationId.trim());
      notify(messages.success.success, { type: 'success' });
      refresh();
    } catch (error) {
      notify(failureMessage(error, messages.failure.generic), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" onSubmit={start} sx={{ maxWidth: 480 }}>
      <Stack spacing={2}>
        <TextField label="Organisation id" value={organizationId} onChange={(event) => setOrganizationId(event.target.value)} />
        <Box>
          <MuiButton type="submit" variant="contained" disabled={!organizationId.trim() || busy}>
            Start
          </MuiButton>
        </Box>
        <Typography data-testid="last-sync" color="text.secondary">
          {lastSync
            ? `Last sync: ${lastSync.status}, started ${formatShortDateTime(lastSync.started_at)} (organisation ${lastSync.organization_id})`
            : 'No sync yet.'}
        </Typography>
      </Stack>
    </Box>
  );
};
