import { ActionsHeaderCell } from '../components/ActionsHeaderCell';
import { Box, Button, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, type RaRecord } from 'react-admin';
import { formatShortDateTime } from '../../../shared/catalogue/dates';
import { relativeTime } from '../../../shared/catalogue/relativeTime';
import type { AdminSession } from '../../../shared/contract/sessions';
import type { AdminDataProvider } from '../../providers/dataProvider';
import { useNotifyingMutation } from '../components/useNotifyingMutation';

/**
 * Live sessions, most recently used first, each but the current one with 'Sign out'. Without `adminId`, the signed-in
 * admin's own (and 'Sign out other sessions'); with it, that admin's, as an owner sees them.
 */
export const SessionsSection = ({ adminId }: { adminId?: RaRecord['id'] }) => {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const queryClient = useQueryClient();
  const queryKey = ['sessions', adminId ?? 'mine'];
  const { data, error, isPending } = useQuery({ queryKey, queryFn: () => dataProvider.listSessions(adminId) });
  const refresh = () => queryClient.invalidateQueries({ queryKey });
  const signOut = useNotifyingMutation((sessionId: string) => dataProvider.revokeSession(sessionId, adminId), {
    success: 'Session signed out',
    onSuccess: refresh,
  });
  const signOutOthers = useNotifyingMutation(() => dataProvider.revokeOtherSessions(), { success: 'Other sessions signed out', onSuccess: refresh });
  const sessions: AdminSession[] = data?.data ?? [];
  const others = sessions.filter((session) => !session.current);

  return (
    <Box component="section" aria-labelledby="sessions-heading" sx={{ mt: 2 }}>
      {/* Under the account page's tab heading; on an admin's record page, right under the page's title. */}
      <Typography id="sessions-heading" variant="h6" component={adminId === undefined ? 'h3' : 'h2'} gutterBottom>
        Sessions
      </Typography>
      {error ? <Typography color="error">The sessions could not be loaded.</Typography> : null}
      {!isPending && !error && (
        <Table size="small" aria-label="Sessions">
          <TableHead>
            <TableRow>
              <TableCell>Browser</TableCell>
              <TableCell>Address</TableCell>
              <TableCell>Signed in</TableCell>
              <TableCell>Last seen</TableCell>
              <ActionsHeaderCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {sessions.map((session) => (
              <TableRow key={session._id}>
                <TableCell>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <span>{session.browser}</span>
                    {session.current && <Chip size="small" color="primary" label="This session" />}
                  </Stack>
                </TableCell>
                <TableCell>{session.ip ?? '—'}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatShortDateTime(session.created_at)}</TableCell>
                <TableCell title={formatShortDateTime(session.last_seen_at)} sx={{ whiteSpace: 'nowrap' }}>
                  {relativeTime(session.last_seen_at)}
                </TableCell>
                <TableCell align="right">
                  {!session.current && (
                    <Button
                      size="small"
                      disabled={signOut.isPending}
                      onClick={() => signOut.mutate(session._id)}
                      aria-label={`Sign out ${session.browser}, ${session.ip ?? 'unknown address'}`}
                    >
                      Sign out
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {adminId === undefined && others.length > 0 && (
        <Button sx={{ mt: 2 }} variant="outlined" disabled={signOutOthers.isPending} onClick={() => signOutOthers.mutate(undefined)}>
          Sign out other sessions
        </Button>
      )}
    </Box>
  );
};
