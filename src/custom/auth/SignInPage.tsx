import { Button, CircularProgress, Link, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Navigate, Link as RouterLink } from 'react-router-dom';
import { useAuthProvider, useAuthState } from 'react-admin';
import { useNotifyingMutation } from '../components/useNotifyingMutation';
import { AuthCard } from './AuthCard';
import { PasswordField } from './PasswordField';
import { useEnterConsole } from './useEnterConsole';

/** /auth: email and password (show/hide), 'forgot password', the button waits for both. */
export const SignInPage = () => {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const authProvider = useAuthProvider();
  const enterConsole = useEnterConsole();
  const { authenticated } = useAuthState(undefined, false);
  // No success toast: the console opens.
  const signIn = useNotifyingMutation(async (credentials: { email: string; password: string }) => authProvider?.login(credentials), {
    onSuccess: () => enterConsole(),
  });
  // The spinner stays once signed in, until the console replaces this page.
  const submitting = signIn.isPending || signIn.isSuccess;

  if (authenticated) return <Navigate to="/" replace />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate({ email: email.trim(), password });
  };

  return (
    <AuthCard title="Sign in">
      <form onSubmit={onSubmit} style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
        <TextField label="Email" type="email" autoComplete="username" value={email} onChange={(event) => setEmail(event.target.value)} autoFocus />
        <PasswordField label="Password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
        <Link component={RouterLink} to="/auth/forgot" variant="body2">
          Forgot password
        </Link>
        <Button type="submit" variant="contained" disabled={!email.trim() || !password || submitting}>
          {submitting ? <CircularProgress size={22} aria-label="Signing in" /> : 'Sign in'}
        </Button>
      </form>
    </AuthCard>
  );
};
