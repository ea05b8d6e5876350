import { Button as MuiButton, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useId, useState, type FormEvent } from 'react';
import { useDataProvider } from 'react-admin';
import { messages } from '../../../shared/catalogue/messages';
import type { AdminDataProvider } from '../../providers/dataProvider';
import { useNotifyingMutation } from '../components/useNotifyingMutation';
import { PasswordField } from '../auth/PasswordField';

/** The 'Reset password' modal. */
export const ChangePasswordModal = () => {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [verifyPassword, setVerifyPassword] = useState('');
  const close = () => {
    setOpen(false);
    setPassword('');
    setNewPassword('');
    setVerifyPassword('');
  };
  const change = useNotifyingMutation(
    (passwords: { password: string; newPassword: string; verifyPassword: string }) => dataProvider.changePassword(passwords),
    {
      success: messages.success.passwordUpdated,
      onSuccess: close,
    },
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The dialog sits in a portal, but React still bubbles its submit to a form around the modal
    // (the profile form): this submit is the password change's alone.
    event.stopPropagation();
    change.mutate({ password, newPassword, verifyPassword });
  };
  return (
    <>
      <MuiButton variant="outlined" onClick={() => setOpen(true)}>
        Reset password
      </MuiButton>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
        <form onSubmit={submit}>
          <DialogTitle id={titleId}>Reset password</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <PasswordField label="Current password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
              <PasswordField label="New password" autoComplete="new-password" value={newPassword} onChange={(event) => setNewPassword(event.target.value)} />
              <PasswordField
                label="Confirm new password"
                autoComplete="new-password"
                value={verifyPassword}
                onChange={(event) => setVerifyPassword(event.target.value)}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={close}>Cancel</MuiButton>
            <MuiButton type="submit" variant="contained" disabled={!password || !newPassword || !verifyPassword || change.isPending}>
              Reset
            </MuiButton>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
};
