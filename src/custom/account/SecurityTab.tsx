import { Divider, Stack } from '@mui/material';
import { SecondFactorSection } from './SecondFactorSection';
import { SessionsSection } from './SessionsSection';

/** The account page's Security tab: the second factor, then the admin's sessions. */
export const SecurityTab = () => (
  <Stack spacing={3} divider={<Divider flexItem />}>
    <SecondFactorSection />
    <SessionsSection />
  </Stack>
);
