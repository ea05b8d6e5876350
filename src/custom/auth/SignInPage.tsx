import { Button, CircularProgress } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { AuthCard } from './AuthCard';
import { AuthLink, useAuthNavigation } from './authNavigation';
import { useAuthMutation, useAuthServices } from './AuthShell';
import { AuthTextField } from './AuthTextField';
import { PasswordField } from './PasswordField';
import type { SecondStep } from '../../providers/authProvider';
import { PasskeySignInButton } from './PasskeySignInButton';
import { SignInCodeStep } from './SignInCodeStep';
import { FORGOT_PATH } from './paths';
import { useEnterConsole } from './useEnterConsole';

/**
 * /auth: the password, then a code or a passkey for an admin with a second factor (or straight to that step after a
 * reset link); or a passkey alone.
 */
export const SignInPage = () => {
  const handedOver = useAuthNavigation().location.state as SecondStep | null;
  const [secondStep, setSecondStep] = useState(handedOver?.mfaToken ? handedOver : undefined);
  return secondStep ? (
    <SignInCodeStep mfaToken={secondStep.mfaToken} methods={secondStep.methods} onRestart={() => setSecondStep(undefined)} />
  ) : (
    <PasswordStep onMfaRequired={setSecondStep} />
  );
};

/** An admin already signed in (the start-up `signin_token` check) goes to `/`; typing fetches the console's code. */
const PasswordStep = ({ onMfaRequired }: { onMfaRequired: (secondStep: SecondStep) => void }) => {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { authProvider, prefetchConsole } = useAuthServices();
  const enterConsole = useEnterConsole();
  // No success toast: the console opens.
  const signIn = useAuthMutation((credentials: { email: string; password: string }) => authProvider.login(credentials), {
    onSuccess: (secondStep) => (secondStep ? onMfaRequired(secondStep) : enterConsole()),
  });
  // The spinner stays once signed in, until the console replaces this page.
  const submitting = signIn.isPending || signIn.isSuccess;

  useEffect(() => {
    let shown = true;
    authProvider.checkAuth({}).then(
      () => shown && enterConsole(),
      () => undefined,
    );
    return () => {
      shown = false;
    };
  }, [authProvider, enterConsole]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate({ email: email.trim(), password });
  };

  return (
    <AuthCard title="Sign in">
      <form onSubmit={onSubmit} style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
        <AuthTextField
          label="Email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            prefetchConsole();
          }}
          autoFocus
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            prefetchConsole();
          }}
        />
        <AuthLink to={FORGOT_PATH} variant="body2">
          Forgot password
        </AuthLink>
        <Button type="submit" variant="contained" disabled={!email.trim() || !password || submitting}>
          {submitting ? <CircularProgress size={22} aria-label="Signing in" /> : 'Sign in'}
        </Button>
        <PasskeySignInButton />
      </form>
    </AuthCard>
  );
};
