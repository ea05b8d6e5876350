import { Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { Title, useCanBlock, useDataProvider, useGetIdentity, useWarnWhenUnsavedChanges, type UserIdentity } from 'react-admin';
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

interface Profile {
  name: string;
  email: string;
}

/** react-admin's warning before leaving unsaved edits, over the form of the FormProvider around it. */
const WarnWhenUnsavedChanges = () => {
  useWarnWhenUnsavedChanges(true);
  return null;
};

const AccountForm = ({ identity }: { identity: UserIdentity | undefined }) => {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const queryClient = useQueryClient();
  // Leaving with unsaved edits asks first; only a data router can hold a navigation back (the page's has one).
  const canBlock = useCanBlock();
  const form = useForm<Profile>({
    defaultValues: { name: String(identity?.fullName ?? ''), email: String(identity?.email ?? '') },
  });
  const { register, reset } = form;
  const [name, email] = useWatch({ control: form.control, name: ['name', 'email'] });
  // MUI's TextField takes the input's ref as `inputRef`.
  const field = (key: keyof Profile) => {
    const { ref, ...rest } = register(key);
    return { ...rest, inputRef: ref };
  };
  const update = useNotifyingMutation(
    async (profile: Profile) => {
      const updated = await dataProvider.updateProfile(profile);
      session.updateUser(updated);
      await queryClient.invalidateQueries({ queryKey: ['auth', 'getIdentity'] });
    },
    // What was saved is the form's new starting point: nothing is left unsaved.
    { success: messages.success.profileUpdated, onSuccess: (_result, profile) => reset(profile) },
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
            <TextField label="Name" {...field('name')} />
            <TextField label="Email" type="email" {...field('email')} />
            <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button type="submit" variant="contained" disabled={!name.trim() || !email.trim() || update.isPending}>
                Update
              </Button>
              <ChangePasswordModal />
            </Stack>
          </Stack>
        </form>
        {canBlock && (
          <FormProvider {...form}>
            <WarnWhenUnsavedChanges />
          </FormProvider>
        )}
      </CardContent>
    </Card>
  );
};
