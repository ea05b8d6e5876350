import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useDataProvider } from 'react-admin';
import { ErrorCode } from '../../../shared/catalogue/errorCodes';
import { messages } from '../../../shared/catalogue/messages';
import type { AdminDataProvider } from '../../providers/dataProvider';
import { failureMessage } from '../../providers/failureMessage';
import type { StepUpPrompt, StepUpProof } from '../../providers/stepUp';
import { useSecondFactorStatus } from '../account/secondFactorStatus';
import { PasswordField } from '../auth/PasswordField';

const texts = messages.stepUp;
const FAILURE_TEXTS: Partial<Record<string, string>> = {
  [ErrorCode.WRONG_PASSWORD]: texts.wrongPassword,
  [ErrorCode.INVALID_CODE]: texts.invalidCode,
  [ErrorCode.INVALID_PASSKEY]: texts.invalidPasskey,
  [ErrorCode.RATE_LIMITED]: texts.tooManyTries,
};

/**
 * The dialog itself, mounted per request so that each opens empty: the password, a code when the admin has TOTP on, or a passkey;
 * success lets every waiting call go again, Cancel lets them fail with their refusal.
 */
export const StepUpProofForm = ({ prompt }: { prompt: StepUpPrompt }) => {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const titleId = useId();
  const secondFactor = useSecondFactorStatus();
  const [withCode, setWithCode] = useState(false);
  const [value, setValue] = useState('');
  // The failure shows in the dialog, beside the field to correct, not in a toast behind the backdrop.
  const reauthenticate = useMutation({
    mutationFn: (proof: StepUpProof | 'passkey') => (proof === 'passkey' ? dataProvider.reauthenticateWithPasskey() : dataProvider.reauthenticate(proof)),
    onSuccess: () => prompt.answer(true),
  });
  const hasTotp = Boolean(secondFactor.data?.totp_enabled);
  const hasPasskeys = Boolean(secondFactor.data?.passkeys);
  const failure = reauthenticate.error && (FAILURE_TEXTS[failureMessage(reauthenticate.error)] ?? failureMessage(reauthenticate.error));

  const switchProof = () => {
    setWithCode(!withCode);
    setValue('');
    reauthenticate.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The dialog sits in a portal, but React bubbles its submit to any form around the call that opened it.
    event.stopPropagation();
    reauthenticate.mutate(withCode ? { code: value.trim() } : { password: value });
  };
  const cancel = () => prompt.answer(false);

  return (
    <Dialog open onClose={cancel} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={submit}>
        <DialogTitle id={titleId}>{texts.title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{withCode ? texts.codeIntro : texts.passwordIntro}</DialogContentText>
            {withCode ? (
              <TextField
                key="code"
                label={texts.code}
                value={value}
                onChange={(event) => setValue(event.target.value)}
                autoComplete="one-time-code"
                slotProps={{ htmlInput: { maxLength: 64, spellCheck: false } }}
                error={Boolean(failure)}
                fullWidth
                autoFocus
              />
            ) : (
              <PasswordField
                key="password"
                label={texts.password}
                autoComplete="current-password"
                value={value}
                onChange={(event) => setValue(event.target.value)}
                error={Boolean(failure)}
                autoFocus
              />
            )}
            {failure && <Alert severity="error">{failure}</Alert>}
            {(hasTotp || hasPasskeys) && (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                {hasTotp && (
                  <Button variant="text" onClick={switchProof}>
                    {withCode ? texts.usePassword : texts.useCode}
                  </Button>
                )}
                {hasPasskeys && (
                  <Button variant="text" disabled={reauthenticate.isPending} onClick={() => reauthenticate.mutate('passkey')}>
                    {texts.usePasskey}
                  </Button>
                )}
              </Box>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={cancel}>{texts.cancel}</Button>
          <Button type="submit" variant="contained" disabled={!value.trim() || reauthenticate.isPending}>
            {texts.confirm}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
