import { Button, CircularProgress } from '@mui/material';
import { ErrorCode } from '../../../shared/catalogue/errorCodes';
import { useAuthMutation, useAuthServices } from './AuthShell';
import { useEnterConsole } from './useEnterConsole';

/** Whether this browser can ask for a passkey at all. */
const browserHasPasskeys = (): boolean => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/**
 * Signs in with a passkey: alone (no `mfaToken`: the passkey stands for both factors), or as the second step after the
 * password. A spent or expired second-step token needs the password again (`onRestart`).
 */
export const PasskeySignInButton = ({ mfaToken, onRestart, primary = false }: { mfaToken?: string; onRestart?: () => void; primary?: boolean }) => {
  const { authProvider } = useAuthServices();
  const enterConsole = useEnterConsole();
  const signIn = useAuthMutation(() => authProvider.loginWithPasskey({ mfaToken }), {
    onSuccess: () => enterConsole(),
    onError: (error) => error instanceof Error && error.message === ErrorCode.INVALID_TOKEN && onRestart?.(),
  });
  const submitting = signIn.isPending || signIn.isSuccess;
  if (!browserHasPasskeys()) return null;
  return (
    <Button
      variant={primary ? 'contained' : 'outlined'}

      disabled={submitting}
      onClick={() => signIn.mutate(undefined)}
    >
      {submitting ? <CircularProgress size={22} aria-label="Waiting for the passkey" /> : 'Use a passkey'}
    </Button>
  );
};
