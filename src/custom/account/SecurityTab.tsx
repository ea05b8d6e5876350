import { Divider, Stack } from '@mui/material';
import { PasskeysSection } from './PasskeysSection';
import { SecondFactorSection } from './SecondFactorSection';
import { SessionsSection } from './SessionsSection';

/** The account page's Security tab: the authenticator app, passkeys, then the admin's sessions. */
export const SecurityTab = () => (
  <Stack spacing={3} divider={<Divider flexItem />}>
    <SecondFactorSection />
    <PasskeysSection />
    <SessionsSection />
  </Stack>
);
