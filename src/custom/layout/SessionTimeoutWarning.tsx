import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useDataProvider, useLogout } from 'react-admin';
import { activity } from '../../providers';
import type { ActivityClock } from '../../providers/activity';
import { SIGN_IN_PATH } from '../../providers/authProvider';
import type { AdminDataProvider } from '../../providers/dataProvider';
import { useOpeningScreenSettled } from './useOpeningScreenSettled';

/** The warning opens this long before the idle timeout. */
const WARNING_MS = 60_000;
const TICK_MS = 1_000;

/**
 * The server ends a session unused for its `idle_minutes` (SESSION_IDLE_MINUTES): a minute before, this asks whether to
 * stay; at the timeout it signs out to /auth without an error. Activity is the admin's API calls (activity.ts).
 */
export const SessionTimeoutWarning = ({ clock = activity }: { clock?: ActivityClock }) => {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const logout = useLogout();
  // Nothing before the opening screen has its data: neither the call nor the clock's ticks share its first second.
  const openingScreenSettled = useOpeningScreenSettled();
  // Under react-admin's 'auth' key: its answer is not the opening screen's data (useOpeningScreenSettled), which would let
  // what waits for that screen (the approvers' count) go before the screen's own search.
  const { data: idleMinutes } = useQuery({
    queryKey: ['auth', 'idle-minutes'],
    queryFn: async () => (await dataProvider.listSessions()).idle_minutes,
    staleTime: Infinity,
    enabled: openingScreenSettled,
  });
  const [now, setNow] = useState(Date.now);
  const signingOut = useRef(false);
  useEffect(() => {
    if (idleMinutes === undefined) return undefined;
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [idleMinutes]);
  const remaining = idleMinutes === undefined ? Infinity : clock.last() + idleMinutes * 60_000 - now;
  useEffect(() => {
    if (remaining > 0 || signingOut.current) return;
    signingOut.current = true;
    void logout({}, SIGN_IN_PATH, false);
  }, [remaining, logout]);

  // Any call moves the session's last use on the server, and the clock with it (httpClient's onSignedInCall).
  const staySignedIn = () => void dataProvider.listSessions().catch(() => logout({}, SIGN_IN_PATH, false));
  const seconds = Math.max(0, Math.ceil(remaining / 1000));
  return (
    <Dialog open={remaining <= WARNING_MS && remaining > 0} aria-labelledby="session-timeout-title">
      <DialogTitle id="session-timeout-title">Still there?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          You will be signed out in {seconds} second{seconds === 1 ? '' : 's'}.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={staySignedIn} autoFocus>
          Stay signed in
        </Button>
      </DialogActions>
    </Dialog>
  );
};
