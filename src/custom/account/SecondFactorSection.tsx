import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import type { AdminDataProvider } from '../../providers/dataProvider';
import { PasswordField } from '../auth/PasswordField';
import { useNotifyingMutation } from '../components/useNotifyingMutation';
import { SECOND_FACTOR_KEY, useSecondFactorStatus } from './secondFactorStatus';
import { useEnrolled } from './useEnrolled';

/** The QR code as an SVG data URL (`img-src data:` is allowed; no canvas, no inline script); qrcode is fetched with the first enrolment. */
function useQrCode(text: string): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    let shown = true;
    void import('qrcode').then(async (qrcode) => {
      const svg = await qrcode.toString(text, { type: 'svg', margin: 1 });
      if (shown) setUrl(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      shown = false;
    };
  }, [text]);
  return url;
}

/** The Security tab's second factor: enrol a TOTP app, see the recovery codes once, regenerate them, or turn it off. */
export const SecondFactorSection = () => {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const queryClient = useQueryClient();
  const status = useSecondFactorStatus();
  const [enrolment, setEnrolment] = useState<{ secret: string; otpauth_url: string }>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: SECOND_FACTOR_KEY });
  const showCodes = async (codes: string[]) => {
    setEnrolment(undefined);
    setRecoveryCodes(codes);
    await refresh();
  };
  const setup = useNotifyingMutation(() => dataProvider.setupTotp(), { onSuccess: setEnrolment });
  const enrolled = useEnrolled();

  return (
    <Stack component="section" aria-labelledby="second-factor-title" spacing={2}>
      <Typography id="second-factor-title" variant="h6" component="h3">
        Two-factor authentication
      </Typography>
      {status.data?.totp_enabled ? (
        <>
          <Typography>On: signing in asks for a code from your authenticator app. {status.data.recovery_codes_left} recovery codes left.</Typography>
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <RegenerateDialog onRegenerated={showCodes} />
            <DisableDialog onDisabled={refresh} />
          </Stack>
        </>
      ) : (
        status.data &&
        !enrolment && (
          <>
            <Typography>Off: a password alone signs you in. Add an authenticator app (such as 1Password, Google Authenticator or Authy).</Typography>
            <Box>
              <Button variant="contained" onClick={() => setup.mutate(undefined)} disabled={setup.isPending}>
                Enable two-factor authentication
              </Button>
            </Box>
          </>
        )
      )}
      {enrolment && (
        <Enrolment
          enrolment={enrolment}
          onConfirmed={async (codes) => {
            await enrolled();
            await showCodes(codes);
          }}
          onCancel={() => setEnrolment(undefined)}
        />
      )}
      {recoveryCodes && <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(undefined)} />}
    </Stack>
  );
};

const Enrolment = ({
  enrolment,
  onConfirmed,
  onCancel,
}: {
  enrolment: { secret: string; otpauth_url: string };
  onConfirmed: (codes: string[]) => unknown;
  onCancel: () => void;
}) => {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const qrCode = useQrCode(enrolment.otpauth_url);
  const [code, setCode] = useState('');
  const confirm = useNotifyingMutation((typed: string) => dataProvider.confirmTotp(typed), { onSuccess: onConfirmed });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate(code.trim());
  };
  return (
    <Stack component="form" onSubmit={submit} spacing={2}>
      <Typography>Scan this QR code with your authenticator app, or type the key, then enter the code it shows.</Typography>
      {qrCode && <Box component="img" src={qrCode} alt="QR code for your authenticator app" sx={{ width: 200, height: 200, bgcolor: '#fff' }} />}
      <Typography>
        Key:{' '}
        <Box component="code" data-testid="totp-key" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
          {enrolment.secret}
        </Box>
      </Typography>
      <TextField
        label="Code from the app"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete="one-time-code"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 8 } }}
        sx={{ maxWidth: 240 }}
      />
      <Stack direction="row" spacing={2}>
        <Button type="submit" variant="contained" disabled={!code.trim() || confirm.isPending}>
          Confirm
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </Stack>
    </Stack>
  );
};

const RecoveryCodes = ({ codes, onDone }: { codes: string[]; onDone: () => void }) => {
  const notify = useNotify();
  const copy = async () => {
    await navigator.clipboard.writeText(codes.join('\n'));
    notify('Recovery codes copied', { type: 'success' });
  };
  return (
    <Alert severity="warning" role="region" aria-label="Recovery codes">
      <Stack spacing={1}>
        <Typography>Keep these recovery codes somewhere safe: each signs you in once without your app. They are not shown again.</Typography>
        <Box component="ul" sx={{ fontFamily: 'monospace', columns: 2, m: 0, pl: 2 }}>
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </Box>
        <Stack direction="row" spacing={2}>
          <Button variant="outlined" onClick={() => void copy()}>
            Copy codes
          </Button>
          <Button onClick={onDone}>Done</Button>
        </Stack>
      </Stack>
    </Alert>
  );
};

/** A button opening a small form dialog; `field` gets the typed value's state. */
const ProofDialog = ({
  label,
  title,
  submitLabel,
  field,
  onSubmit,
  pending,
  color,
}: {
  label: string;
  title: string;
  submitLabel: string;
  field: (value: string, setValue: (value: string) => void) => ReactNode;
  onSubmit: (value: string, close: () => void) => void;
  pending: boolean;
  color?: 'error';
}) => {
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const close = () => {
    setOpen(false);
    setValue('');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The dialog's submit is its own, not a form's around the tab.
    event.stopPropagation();
    onSubmit(value, close);
  };
  return (
    <>
      <Button variant="outlined" color={color} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
        <form onSubmit={submit}>
          <DialogTitle id={titleId}>{title}</DialogTitle>
          <DialogContent>
            <Box sx={{ pt: 1 }}>{field(value, setValue)}</Box>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>Cancel</Button>
            <Button type="submit" variant="contained" color={color} disabled={!value.trim() || pending}>
              {submitLabel}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
};

const RegenerateDialog = ({ onRegenerated }: { onRegenerated: (codes: string[]) => unknown }) => {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const regenerate = useNotifyingMutation((code: string) => dataProvider.regenerateRecoveryCodes(code), {});
  return (
    <ProofDialog
      label="Regenerate recovery codes"
      title="New recovery codes"
      submitLabel="Regenerate"
      pending={regenerate.isPending}
      field={(value, setValue) => (
        <TextField
          label="Code from the app"
          helperText="The codes you have now stop working."
          value={value}
          onChange={(event) => setValue(event.target.value)}
          autoComplete="one-time-code"
          fullWidth
          autoFocus
        />
      )}
      onSubmit={(code, close) =>
        regenerate.mutate(code.trim(), {
          onSuccess: (codes) => {
            close();
            return onRegenerated(codes);
          },
        })
      }
    />
  );
};

const DisableDialog = ({ onDisabled }: { onDisabled: () => unknown }) => {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const disable = useNotifyingMutation((password: string) => dataProvider.disableTotp(password), { success: 'Two-factor authentication disabled' });
  return (
    <ProofDialog
      label="Disable"
      title="Disable two-factor authentication"
      submitLabel="Disable"
      color="error"
      pending={disable.isPending}
      field={(value, setValue) => (
        <PasswordField label="Password" autoComplete="current-password" value={value} onChange={(event) => setValue(event.target.value)} autoFocus />
      )}
      onSubmit={(password, close) =>
        disable.mutate(password, {
          onSuccess: () => {
            close();
            return onDisabled();
          },
        })
      }
    />
  );
};
