import { Divider, Stack } from '@mui/material';
import { PasskeysSection } from './PasskeysSection';
import { SecondFactorSection } from './SecondFactorSection';
import { SecurityEventsSection } from './SecurityEventsSection';
import { SessionsSection } from './SessionsSection';

/** The account page's Security tab: the authenticator app, passkeys, the admin's sessions, then their recent security events. */
export const SecurityTab = () => (
  <Stack spacing={3} divider={<Divider flexItem />}>
    <SecondFactorSection />
    <PasskeysSection />
    <SessionsSection />
    <SecurityEventsSection />
  </Stack>
);
