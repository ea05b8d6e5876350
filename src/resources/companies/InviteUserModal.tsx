import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { Button as MuiButton, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useId, useState, type FormEvent } from 'react';
import { Button, useDataProvider, useRecordContext, useRefresh } from 'react-admin';
import { messages } from '../../../shared/catalogue/messages';
import { useNotifyingMutation } from '../../custom/components/useNotifyingMutation';
import type { InvitePayload } from '../../providers/companyCalls';
import type { AdminDataProvider } from '../../providers/dataProvider';
import type { CompanyRecord } from '../../providers/records';

export const InviteUserModal = () => {
  const company = useRecordContext<CompanyRecord>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const refresh = useRefresh();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const close = () => {
    setOpen(false);
    setName('');
    setEmail('');
  };
  const send = useNotifyingMutation((payload: InvitePayload) => dataProvider.inviteUser(payload), {
    success: messages.success.invited,
    fallback: messages.failure.invite,
    onSuccess: () => {
      close();
      refresh();
    },
  });
  if (!company) return null;

  const invite = (event: FormEvent) => {
    event.preventDefault();
    send.mutate({ name: name.trim(), email: email.trim(), organisation_id: String(company.id), organisation_name: String(company.name ?? ''), invited: true });
  };

  return (
    <>
      <Button label="Invite user" onClick={() => setOpen(true)}>
        <PersonAddIcon />
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
        <form onSubmit={invite}>
          <DialogTitle id={titleId}>Invite user</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <TextField label="Name" value={name} onChange={(event) => setName(event.target.value)} autoFocus />
              <TextField label="Email" type="email" value={email} onChange={(event) => setEmail(event.target.value)} />
            </Stack>
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={close}>Cancel</MuiButton>
            <MuiButton type="submit" variant="contained" disabled={!name.trim() || !email.trim() || send.isPending}>
              Inviter
            </MuiButton>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
};
