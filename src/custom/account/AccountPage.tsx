import { Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Title, useDataProvider, useGetIdentity, type UserIdentity } from 'react-admin';
import { messages } from '../../../shared/catalogue/messages';
import { session } from '../../providers';
import type { AdminDataProvider } from '../../providers/dataProvider';
import { useNotifyingMutation } from '../components/useNotifyingMutation';
import { ChangePasswordModal } from './ChangePasswordModal';

/** /account 'Your Account': name and email with Update, and the 'Reset password' modal. */
export const AccountPage = () => {
  const { identity, isPending } = useGetIdentity();
  // The form starts from the identity, so it waits for it (the session holds it: no visible wait).
  if (isPending) return null;
  return <AccountForm identity={identity} />;
};

const AccountForm = ({ identity }: { identity: UserIdentity | undefined }) => {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const queryClient = useQueryClient();
  const [name, setName] = useState(() => String(identity?.fullName ?? ''));
  const [email, setEmail] = useState(() => String(identity?.email ?? ''));
  const update = useNotifyingMutation(
    async (profile: { name: string; email: string }) => {
      const updated = await dataProvider.updateProfile(profile);
      session.updateUser(updated);
      await queryClient.invalidateQueries({ queryKey: ['auth', 'getIdentity'] });
    },
    { success: messages.success.profileUpdated },
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ name: name.trim(), email: email.trim() });
  };

  return (
    <Card sx={{ mt: 2, maxWidth: 520 }}>
      <Title title="Your Account" />
      <CardContent>
        <Typography variant="h5" component="h2" gutterBottom>
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
