import { Button, CircularProgress, Link, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Navigate, Link as RouterLink } from 'react-router-dom';
import { useAuthProvider, useAuthState, useNotify } from 'react-admin';
import { failureMessage } from '../../providers/failureMessage';
import { messages } from '../../catalogue/messages';
import { AuthCard } from './AuthCard';
import { PasswordField } from './PasswordField';
import { useEnterConsole } from './useEnterConsole';

/** Spec §2 /auth: email and password (show/hide), 'forgot password', the button waits for both. */
export const SignInPage = () => {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const authProvider = useAuthProvider();
  const enterConsole = useEnterConsole();
  const notify = useNotify();
  const { authenticated } = useAuthState(undefined, false);

  if (authenticated) return <Navigate to="/" replace />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    try {
      await authProvider?.login({ email: email.trim(), password });
      await enterConsole();
    } catch (error) {
      notify(failureMessage(error, messages.failure.generic), { type: 'error' });
      setSubmitting(false);
    }
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
