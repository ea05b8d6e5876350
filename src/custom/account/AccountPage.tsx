import { Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Title, useDataProvider, useGetIdentity } from 'react-admin';
import { messages } from '../../../shared/catalogue/messages';
import { session } from '../../providers';
import type { AdminDataProvider } from '../../providers/dataProvider';
import { useNotifyingMutation } from '../components/useNotifyingMutation';
import { ChangePasswordModal } from './ChangePasswordModal';

/** Spec §2 /account 'Your Account': name and email with Update, and the 'Reset password' modal. */
export const AccountPage = () => {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const queryClient = useQueryClient();
  const { identity } = useGetIdentity();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const update = useNotifyingMutation(
    async (profile: { name: string; email: string }) => {
      const updated = await dataProvider.updateProfile(profile);
      session.updateUser(updated);
      await queryClient.invalidateQueries({ queryKey: ['auth', 'getIdentity'] });
    },
    { success: messages.success.profileUpdated },
  );

  useEffect(() => {
    if (!identity) return;
    setName(String(identity.fullName ?? ''));
    setEmail(String(identity.email ?? ''));
  }, [identity]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ name: name.trim(), email: email.trim() });
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
              <Button type="submit" variant="contained" disabled={!name.trim() || !email.trim() || update.isPending}>
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
