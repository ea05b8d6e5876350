import { Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Title, useDataProvider, useGetIdentity, useNotify } from 'react-admin';
import { messages } from '../../catalogue/messages';
import { session } from '../../providers';
import type { AdminDataProvider } from '../../providers/dataProvider';
import { failureMessage } from '../../providers/failureMessage';
import { ChangePasswordModal } from './ChangePasswordModal';

/** Spec §2 /account 'Your Account': name and email with Update, and the 'Reset password' modal. */
export const AccountPage = () => {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { identity } = useGetIdentity();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!identity) return;
    setName(String(identity.fullName ?? ''));
    setEmail(String(identity.email ?? ''));
  }, [identity]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const updated = await dataProvider.updateProfile({ name: name.trim(), email: email.trim() });
      session.updateUser(updated);
      await queryClient.invalidateQueries({ queryKey: ['auth', 'getIdentity'] });
      notify(messages.success.profileUpdated, { type: 'success' });
    } catch (error) {
      notify(failureMessage(error, messages.failure.generic), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card sx={{ mt: 2, maxWidth: 520 }}>
      <Title title="Your Account" />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          Your Account
        </Typography>
        <form onSubmit={submit}>
          <Stack spacing={2}>
            <TextField label="Name" value={name} onChange={(event) => setName(event.target.value)} />
            <TextField label="Email" type="email" value={email} onChange={(event) => setEmail(event.target.value)} />
            <Stack direction="row" spacing={2}>
              <Button type="submit" variant="contained" disabled={!name.trim() || !email.trim() || busy}>
                Update
              </Button>
              <ChangePasswordModal />
            </Stack>
          </Stack>
        </form>
      </CardContent>
    </Card>
  );
};


