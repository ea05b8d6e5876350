import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { formatShortDateTime } from '../../../shared/catalogue/dates';
import { relativeTime } from '../../../shared/catalogue/relativeTime';
import { securityEventLabel } from '../../../shared/catalogue/securityEvents';
import type { SecurityEvent } from '../../../shared/contract/securityEvents';
import type { AdminDataProvider } from '../../providers/dataProvider';

const FAILED = new Set<SecurityEvent['action']>(['failed_sign_in', 'failed_reauth', 'second_factor_locked']);

/** The label, what it was about, and who else did it: one line a person reads at a glance. */
const EventCell = ({ event }: { event: SecurityEvent }) => (
  <TableCell>
    <Typography variant="body2" color={FAILED.has(event.action) ? 'error' : undefined} sx={{ fontWeight: FAILED.has(event.action) ? 600 : undefined }}>
      {securityEventLabel(event.action)}
    </Typography>
    {(event.detail || event.by) && (
      <Typography variant="caption" color="text.secondary">
        {[event.detail, event.by ? `by ${event.by}` : null].filter(Boolean).join(' · ')}
      </Typography>
    )}
  </TableCell>
);

/**
 * The signed-in admin's own recent security events, newest first (GET /admin/security_events): what they would not
 * recognise — a sign-in from elsewhere, a failed attempt, a factor they did not change — is what they act on.
 */
export const SecurityEventsSection = () => {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { data, error, isPending } = useQuery({ queryKey: ['security_events'], queryFn: () => dataProvider.listSecurityEvents() });
  const events = data?.data ?? [];

  return (
    <Box component="section" aria-labelledby="security-events-heading" sx={{ mt: 2 }}>
      <Typography id="security-events-heading" variant="h6" component="h3" gutterBottom>
        Recent security events
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        If one was not you, change your password, sign out the sessions you do not know and tell another administrator.
      </Typography>
      {error ? <Typography color="error">The security events could not be loaded.</Typography> : null}
      {!isPending && !error && events.length === 0 && <Typography>No security event yet.</Typography>}
      {!isPending && !error && events.length > 0 && (
        <Table size="small" aria-label="Recent security events">
          <TableHead>
            <TableRow>
              <TableCell>Event</TableCell>
              <TableCell>When</TableCell>
              <TableCell>Address</TableCell>
              <TableCell>Browser</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {events.map((event) => (
              <TableRow key={event._id}>
                <EventCell event={event} />
                <TableCell title={formatShortDateTime(event.created_at)} sx={{ whiteSpace: 'nowrap' }}>
                  {relativeTime(event.created_at)}
                </TableCell>
                <TableCell>{event.ip ?? '—'}</TableCell>
                <TableCell>{event.browser ?? '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
};
