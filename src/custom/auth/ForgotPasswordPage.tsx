import { Alert, Button } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { messages } from '../../../shared/catalogue/messages';
import { SIGN_IN_PATH } from '../../providers/authProvider';
import { AuthCard } from './AuthCard';
import { AuthLink } from './authNavigation';
import { useAuthMutation, useAuthServices } from './AuthShell';
import { AuthTextField } from './AuthTextField';

const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
export const RECOVERY_SENT = 'A recovery link has been sent to your e-mail address. Please check your inbox.';

/** /auth/forgot: a malformed address is still sent; the confirmation keeps a way back to correct it. */
export const ForgotPasswordPage = () => {
  const { passwordCalls } = useAuthServices();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [sent, setSent] = useState(false);
  const sendLink = useAuthMutation((address: string) => passwordCalls.forgotPassword(address), {
    success: messages.success.sent,
    onSuccess: () => setSent(true),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    setInvalid(!looksLikeEmail(address));
    sendLink.mutate(address);
  };

  return (
    <AuthCard title="Forgot password">
      {sent ? (
        <>
          {invalid && <Alert severity="warning">{messages.other.invalidEmail}</Alert>}
          <Alert severity="success">{RECOVERY_SENT}</Alert>
          {/* The main step after a malformed address is to correct it; after a well-formed one, a second choice. */}
          <Button variant={invalid ? 'contained' : 'outlined'} onClick={() => setSent(false)}>
            Change the address
          </Button>
        </>
      ) : (
        <form onSubmit={submit} style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
          <AuthTextField
            label="Email"
            type="text"
            inputProps={{ inputMode: 'email' }}
            autoComplete="username"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={invalid}
            helperText={invalid ? messages.other.invalidEmail : ' '}
            autoFocus
          />
          <Button type="submit" variant="contained" disabled={!email.trim() || sendLink.isPending}>
            Send recovery link
          </Button>
        </form>
      )}
      <AuthLink to={SIGN_IN_PATH} variant="body2">
        Back to sign in
      </AuthLink>
    </AuthCard>
  );
};
