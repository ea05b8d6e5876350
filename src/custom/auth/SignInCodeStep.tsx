import { Button, CircularProgress } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { ErrorCode } from '../../../shared/catalogue/errorCodes';
import type { SecondFactorMethod } from '../../providers/authProvider';
import { AuthCard } from './AuthCard';
import { PasskeySignInButton } from './PasskeySignInButton';
import { useAuthMutation, useAuthServices } from './AuthShell';
import { AuthTextField } from './AuthTextField';
import { useEnterConsole } from './useEnterConsole';

/** The sign-in's second step, after MFA_REQUIRED: a code from the authenticator app or a recovery code, or a passkey; as the admin has them. */
export const SignInCodeStep = ({ mfaToken, methods, onRestart }: { mfaToken: string; methods: SecondFactorMethod[]; onRestart: () => void }) => {
  const [code, setCode] = useState('');
  const { authProvider } = useAuthServices();
  const enterConsole = useEnterConsole();
  const verify = useAuthMutation((typed: string) => authProvider.loginWithCode({ mfaToken, code: typed }), {
    onSuccess: () => enterConsole(),
    // An expired or spent token needs the password again.
    onError: (error) => error instanceof Error && error.message === ErrorCode.INVALID_TOKEN && onRestart(),
  });
  const submitting = verify.isPending || verify.isSuccess;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    verify.mutate(code.trim());
  };

  const passkey = methods.includes('passkey') ? <PasskeySignInButton mfaToken={mfaToken} onRestart={onRestart} primary={!methods.includes('totp')} /> : null;
  if (!methods.includes('totp'))
    return (
      <AuthCard title="Two-factor authentication">
        <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
          <p style={{ margin: 0 }}>Confirm with one of your passkeys.</p>
          {passkey}
          <Button variant="text" onClick={onRestart}>
            Back to sign in
          </Button>
        </div>
      </AuthCard>
    );
  return (
    <AuthCard title="Two-factor authentication">
      <form onSubmit={onSubmit} style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
        <AuthTextField
          label="Authentication code"
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          helperText="The 6-digit code from your authenticator app, or one of your recovery codes."
          inputProps={{ maxLength: 64, spellCheck: false }}
          autoFocus
        />
        <Button type="submit" variant="contained" disabled={!code.trim() || submitting}>
          {submitting ? <CircularProgress size={22} aria-label="Verifying" /> : 'Verify'}
        </Button>
        {passkey}
        <Button variant="text" onClick={onRestart} disabled={submitting}>
          Back to sign in
        </Button>
      </form>
    </AuthCard>
  );
};
