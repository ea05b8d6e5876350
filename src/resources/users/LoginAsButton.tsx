import LoginIcon from '@mui/icons-material/Login';
import { Button, useDataProvider, useNotify, useRecordContext } from 'react-admin';
import { environment } from '../../providers';
import type { AdminDataProvider } from '../../providers/dataProvider';
import { failureMessage } from '../../providers/failureMessage';
import { messages } from '../../catalogue/messages';
import { connectUrl } from './connectUrl';

/**
 * Spec §2 'Login as': a new tab on the front-end app's connect route for this user. The tab opens
 * at once (so no pop-up blocker stops it) with no way back to this page, then goes to the
 * connect route once the server has minted the user's single-use token.
 */
export const LoginAsButton = () => {
  const user = useRecordContext();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  if (!user) return null;
  const loginAs = async () => {
    const tab = window.open('about:blank', '_blank');
    if (tab) tab.opener = null;
    try {
      const { token } = await dataProvider.impersonate(user.id);
      const url = connectUrl(environment.appUrl, String(user.id), token);
      if (tab) tab.location.href = url;
      else window.open(url, '_blank', 'noopener,noreferrer');
    } catch (error) {
      tab?.close();
      notify(failureMessage(error, messages.failure.generic), { type: 'error' });
    }
  };
  return (
    <Button
      label="Login as"
      onClick={(event) => {
        event.stopPropagation();
        void loginAs();
      }}
    >
      <LoginIcon />
    </Button>
  );
};
