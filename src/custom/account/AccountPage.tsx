import { Button, Card, CardContent, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { Title, useCanBlock, useDataProvider, useGetIdentity, useNotify, useWarnWhenUnsavedChanges, type RaRecord, type UserIdentity } from 'react-admin';
import { messages } from '../../../shared/catalogue/messages';
import { session } from '../../providers';
import type { AdminDataProvider } from '../../providers/dataProvider';
import { staleRecordOf, versionOf } from '../../providers/versions';
import { ConflictDialog } from '../components/conflict/ConflictDialog';
import { conflictRows } from '../components/conflict/conflictRows';
import { useNotifyingMutation } from '../components/useNotifyingMutation';
import { ChangePasswordModal } from './ChangePasswordModal';
import { SecurityTab } from './SecurityTab';

type AccountTab = 'profile' | 'security';

/** /account: 'Profile' (name, email, the password modal) and 'Security' (second factor, sessions). */
export const AccountPage = () => {
  const { identity, isPending } = useGetIdentity();
  // `#security`: where a sign-in that must enrol a second factor lands.
  const [tab, setTab] = useState<AccountTab>(useLocation().hash === '#security' ? 'security' : 'profile');
  // The form starts from the identity, so it waits for it (the session holds it: no visible wait).
  if (isPending) return null;
  return (
    <Card sx={{ mt: 2, maxWidth: 640 }}>
      <Title title="Your Account" />
      <CardContent>
        <Typography variant="h5" component="h2" gutterBottom>
          Your Account
        </Typography>
        <Tabs value={tab} onChange={(_event, value: AccountTab) => setTab(value)} aria-label="Account sections" sx={{ mb: 2 }}>
          <Tab value="profile" label="Profile" id="account-tab-profile" aria-controls="account-panel" />
          <Tab value="security" label="Security" id="account-tab-security" aria-controls="account-panel" />
        </Tabs>
        <div role="tabpanel" id="account-panel" aria-labelledby={`account-tab-${tab}`}>
          {tab === 'profile' ? <AccountForm identity={identity} /> : <SecurityTab />}
        </div>
      </CardContent>
    </Card>
  );
};

interface Profile {
  name: string;
  email: string;
}

interface ProfileConflict {
  current: RaRecord;
  yours: Profile;
}

const FIELD_LABELS: Record<string, string> = { name: 'Name', email: 'Email' };

const WarnWhenUnsavedChanges = () => {
  useWarnWhenUnsavedChanges(true);
  return null;
};

const AccountForm = ({ identity }: { identity: UserIdentity | undefined }) => {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const queryClient = useQueryClient();
  // Only a data router can hold a navigation back (the page has one; a bare test router does not).
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
  const notify = useNotify();
  const [conflict, setConflict] = useState<ProfileConflict>();
  const adopt = async (admin: Parameters<typeof session.updateUser>[0]) => {
    session.updateUser(admin);
    await queryClient.invalidateQueries({ queryKey: ['auth', 'getIdentity'] });
  };
  // Saved at the version the session read (If-Match); a profile changed since opens the conflict dialog instead of a toast.
  const update = useNotifyingMutation(
    async ({ profile, overwrite }: { profile: Profile; overwrite: boolean }) => {
      const user = session.user();
      try {
        await adopt(await dataProvider.updateProfile(profile, versionOf(user), overwrite));
        return true;
      } catch (error) {
        const current = staleRecordOf(error);
        if (!current || !user) throw error;
        // The session now holds the profile as it is: Overwrite saves on its version, Keep theirs shows it.
        session.updateUser({ ...user, name: String(current.name), email: String(current.email), version: versionOf(current) ?? user.version });
        setConflict({ current, yours: profile });
        return false;
      }
    },
    {
      // What was saved is the form's new starting point: nothing is left unsaved.
      onSuccess: (saved, { profile }) => {
        if (!saved) return;
        setConflict(undefined);
        reset(profile);
        notify(messages.success.profileUpdated, { type: 'success' });
      },
    },
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ profile: { name: name.trim(), email: email.trim() }, overwrite: false });
  };

  const keepTheirs = async () => {
    const user = session.user();
    if (user) await adopt(user);
    if (conflict) reset({ name: String(conflict.current.name), email: String(conflict.current.email) });
    setConflict(undefined);
    notify(messages.conflict.reloaded, { type: 'info' });
  };

  return (
    <>
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
      <ConflictDialog
        open={conflict !== undefined}
        rows={conflict ? conflictRows({ name: identity?.fullName, email: identity?.email }, conflict.current, conflict.yours) : []}
        labelOf={(field) => FIELD_LABELS[field] ?? field}
        pending={update.isPending}
        onKeepTheirs={() => void keepTheirs()}
        onOverwrite={() => conflict && update.mutate({ profile: conflict.yours, overwrite: true })}
        onClose={() => setConflict(undefined)}
      />
      {canBlock && (
        <FormProvider {...form}>
          <WarnWhenUnsavedChanges />
        </FormProvider>
      )}
    </>
  );
};
