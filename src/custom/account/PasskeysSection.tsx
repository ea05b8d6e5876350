import KeyIcon from '@mui/icons-material/Key';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Confirm, useDataProvider } from 'react-admin';
import { formatShortDateTime } from '../../../shared/catalogue/dates';
import { relativeTime } from '../../../shared/catalogue/relativeTime';
import type { Passkey } from '../../../shared/contract/passkeys';
import type { AdminDataProvider } from '../../providers/dataProvider';
import { ActionsHeaderCell } from '../components/ActionsHeaderCell';
import { useNotifyingMutation } from '../components/useNotifyingMutation';
import { SECOND_FACTOR_KEY } from './secondFactorStatus';
import { useEnrolled } from './useEnrolled';

const PASSKEYS_KEY = ['account', 'passkeys'];

/** The Security tab's passkeys: add several (the browser's prompt, then a name), rename and remove them. */
export const PasskeysSection = () => {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const queryClient = useQueryClient();
  const { data, error, isPending } = useQuery({ queryKey: PASSKEYS_KEY, queryFn: () => dataProvider.listPasskeys() });
  const refresh = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY }), queryClient.invalidateQueries({ queryKey: SECOND_FACTOR_KEY })]);
  const [naming, setNaming] = useState<{ passkey?: Passkey }>();
  const [removing, setRemoving] = useState<Passkey>();
  const remove = useNotifyingMutation((passkey: Passkey) => dataProvider.removePasskey(passkey._id), {
    success: 'Passkey removed',
    onSuccess: async () => {
      setRemoving(undefined);
      await refresh();
    },
  });
  const passkeys = data ?? [];

  return (
    <Stack component="section" aria-labelledby="passkeys-title" spacing={2}>
      <Typography id="passkeys-title" variant="h6" component="h3">
        Passkeys
      </Typography>
      <Typography>
        A passkey signs you in with your device’s screen lock or a security key, without a password, and stands as your second factor after one.
      </Typography>
      {error ? <Typography color="error">The passkeys could not be loaded.</Typography> : null}
      {!isPending && !error && passkeys.length > 0 && (
        <Table size="small" aria-label="Passkeys">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Added</TableCell>
              <TableCell>Last used</TableCell>
              <ActionsHeaderCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {passkeys.map((passkey) => (
              <TableRow key={passkey._id}>
                <TableCell>{passkey.name}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatShortDateTime(passkey.created_at)}</TableCell>
                <TableCell>{passkey.last_used_at ? relativeTime(passkey.last_used_at) : 'Never'}</TableCell>
                <TableCell align="right">
                  <Button size="small" onClick={() => setNaming({ passkey })} aria-label={`Rename ${passkey.name}`}>
                    Rename
                  </Button>
                  <Button size="small" color="error" onClick={() => setRemoving(passkey)} aria-label={`Remove ${passkey.name}`}>
                    Remove
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Box>
        <Button variant="outlined" startIcon={<KeyIcon />} onClick={() => setNaming({})}>
          Add a passkey
        </Button>
      </Box>
      {naming && <PasskeyNameDialog passkey={naming.passkey} onClose={() => setNaming(undefined)} onSaved={refresh} />}
      <Confirm
        isOpen={Boolean(removing)}
        title="Remove this passkey?"
        content={`“${removing?.name ?? ''}” will no longer sign you in.`}
        confirm="Remove"
        loading={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onClose={() => setRemoving(undefined)}
      />
    </Stack>
  );
};

/** A name for a new passkey (then the browser's prompt), or a new name for one kept. */
const PasskeyNameDialog = ({ passkey, onClose, onSaved }: { passkey?: Passkey; onClose: () => void; onSaved: () => Promise<unknown> }) => {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [name, setName] = useState(passkey?.name ?? '');
  const titleId = useId();
  const enrolled = useEnrolled();
  const save = useNotifyingMutation((typed: string) => (passkey ? dataProvider.renamePasskey(passkey._id, typed) : dataProvider.addPasskey(typed)), {
    success: passkey ? 'Passkey renamed' : 'Passkey added',
    onSuccess: async () => {
      onClose();
      if (!passkey) await enrolled();
      await onSaved();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(name.trim());
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={submit}>
        <DialogTitle id={titleId}>{passkey ? 'Rename passkey' : 'Add a passkey'}</DialogTitle>
        <DialogContent>
          <TextField
            label="Passkey name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            helperText={passkey ? undefined : 'Where it lives, such as “Work laptop” or “Blue security key”. Your browser asks for the passkey next.'}
            slotProps={{ htmlInput: { maxLength: 100 } }}
            fullWidth
            autoFocus
            margin="dense"
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={!name.trim() || save.isPending}>
            {passkey ? 'Save' : 'Continue'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
