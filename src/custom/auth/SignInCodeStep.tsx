import { Button, CircularProgress } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { ErrorCode } from '../../../shared/catalogue/errorCodes';
import { AuthCard } from './AuthCard';
import { useAuthMutation, useAuthServices } from './AuthShell';
import { AuthTextField } from './AuthTextField';
import { useEnterConsole } from './useEnterConsole';

/** The sign-in's second step, after MFA_REQUIRED: a code from the authenticator app, or a recovery code. */
export const SignInCodeStep = ({ mfaToken, onRestart }: { mfaToken: string; onRestart: () => void }) => {
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
        <Button variant="text" onClick={onRestart} disabled={submitting}>
          Back to sign in
        </Button>
      </form>
    </AuthCard>
  );
};
