import { useNotify, useRedirect, useResourceContext } from 'react-admin';
import { failureMessage } from '../../providers/failureMessage';

/** A record page that cannot load shows the server code or its load-failure text, then goes back to its list. */
export function useLoadFailure() {
  const notify = useNotify();
  const redirect = useRedirect();
  const resource = useResourceContext();
  return {
    onError: (error: Error) => {
      notify(failureMessage(error), { type: 'error' });
      redirect('list', resource);
    },
  };
}
