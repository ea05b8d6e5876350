import LoginIcon from '@mui/icons-material/Login';
import { Button, useDataProvider, useRecordContext, type RaRecord } from 'react-admin';
import { useNotifyingMutation } from '../../custom/components/useNotifyingMutation';
import { environment, stepUp } from '../../providers';
import type { AdminDataProvider } from '../../providers/dataProvider';
import { connectUrl } from './connectUrl';
import type { UserRecord } from '../../providers/records';

/**
 * The tab opens at once, so that no pop-up blocker stops it, and goes to the app's connect route once the server has minted the token.
 * When the call must wait on the step-up dialog, the tab (which the browser focused) closes so the admin sees the dialog;
 * the app then opens in a new tab on success, let through by the dialog's Confirm click.
 */
export const LoginAsButton = () => {
  const user = useRecordContext<UserRecord>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  // No success toast: the tab opens on the front-end app. A failure closes the blank tab.
  const impersonate = useNotifyingMutation(
    async ({ userId, tab }: { userId: RaRecord['id']; tab: Window | null }) => {
      const stopWatching = stepUp.onAsk(() => tab?.close());
      const { token } = await dataProvider.impersonate(userId).finally(stopWatching);
      const url = connectUrl(environment.appUrl, String(userId), token);
      if (tab && !tab.closed) tab.location.href = url;
      else window.open(url, '_blank', 'noopener,noreferrer');
    },
    { onError: (_error, { tab }) => tab?.close() },
  );
  if (!user) return null;
  const loginAs = () => {
    const tab = window.open('about:blank', '_blank');
    if (tab) tab.opener = null;
    impersonate.mutate({ userId: user.id, tab });
  };
  return (
    <Button
      label="Login as"
      onClick={(event) => {
        event.stopPropagation();
        loginAs();
      }}
    >
      <LoginIcon />
    </Button>
  );
};
