import { Button, CircularProgress } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { SIGN_IN_PATH, secondStepOf } from '../../providers/authProvider';
import { messages, resetFromLinkError } from '../../../shared/catalogue/messages';
import { PASSWORD_HINT } from '../../../shared/catalogue/passwords';
import { AuthCard } from './AuthCard';
import { useAuthNavigation } from './authNavigation';
import { useAuthMutation, useAuthServices } from './AuthShell';
import { PasswordField } from './PasswordField';
import { RESET_PATH } from './paths';
import { useEnterConsole } from './useEnterConsole';

/** /auth/reset?token=…: a new password from the emailed link, then the console. */
export const ResetPasswordPage = () => {
  const { location, navigate } = useAuthNavigation();
  const token = new URLSearchParams(location.search).get('token') ?? '';
  const { authProvider, passwordCalls, prefetchConsole } = useAuthServices();
  const enterConsole = useEnterConsole();
  const [password, setPassword] = useState('');
  const reset = useAuthMutation(
    async (newPassword: string) => {
      const answer = await passwordCalls.resetPasswordFromLink(newPassword, token);
      // An admin with a second factor goes on to the sign-in's code step: the link alone opens no session.
      if (typeof answer.mfa_token !== 'string') authProvider.startSession(answer);
      return answer;
    },
    {
      success: messages.success.success,
      fallback: messages.failure.unknown,
      failureText: resetFromLinkError,
      multiLine: true,
      onSuccess: (answer) => {
        const secondStep = secondStepOf(answer);
        return secondStep ? navigate(SIGN_IN_PATH, { replace: true, state: secondStep }) : enterConsole();
      },
    },
  );
  // The spinner stays once the session is open, until the console replaces this page.
  const loading = reset.isPending || reset.isSuccess;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    reset.mutate(password);
  };

  return (
    <AuthCard title="Créer un nouveau mot de passe">
      <form onSubmit={submit} style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
        <PasswordField
          label="Nouveau mot de passe"
          autoComplete="new-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            prefetchConsole();
          }}
          helperText={PASSWORD_HINT}
          autoFocus
        />
        <Button type="submit" variant="contained" disabled={!password || loading}>
          {loading ? <CircularProgress size={22} aria-label="Loading" /> : 'Créer'}
        </Button>
      </form>
    </AuthCard>
  );
};

/** The older /auth/reset-password address redirects to /auth/reset, query kept. */
export const ResetPasswordRedirect = () => {
  const { location, navigate } = useAuthNavigation();
  useEffect(() => navigate(`${RESET_PATH}${location.search}`, { replace: true }), [location.search, navigate]);
  return null;
};
