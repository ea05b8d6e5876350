import AddIcon from '@mui/icons-material/Add';
import { Suspense, lazy, useState, type ComponentType } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Button, useNotify } from 'react-admin';
import { messages } from '../../../shared/catalogue/messages';
import { failureMessage } from '../../providers/failureMessage';

/** The dialog and its form, fetched when the console is idle (AppLayout) or on the first click. */
export const preloadCreateDialog = () => import('./CreateDialog');

export interface CreateModalProps {
  openLabel: string;
  title: string;
  successMessage: string;
  /** The resource's `createForm` preloads the same inputs when the console is idle. */
  loadInputs: () => Promise<ComponentType>;
}

/** The dialog and the inputs as lazy components: React's `lazy` keeps a failure, so each attempt has its own. */
const lazyParts = (loadInputs: () => Promise<ComponentType>) => ({
  Dialog: lazy(async () => ({ default: (await preloadCreateDialog()).CreateDialog })),
  Inputs: lazy(async () => ({ default: await loadInputs() })),
});

/**
 * Only the button is in the list's code, so that a slow phone's first rows come sooner. The dialog stays mounted after
 * the first click so that it closes animated; a failed load is fetched again on the next click.
 */
export const CreateModal = ({ openLabel, title, successMessage, loadInputs }: CreateModalProps) => {
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const [{ Dialog, Inputs }, setParts] = useState(() => lazyParts(loadInputs));
  return (
    <>
      <Button
        label={openLabel}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <AddIcon />
      </Button>
      {opened && (
        <ErrorBoundary
          fallback={null}
          onError={(error) => {
            notify(failureMessage(error, messages.failure.generic), { type: 'error' });
            setOpen(false);
            setOpened(false);
            setParts(lazyParts(loadInputs));
          }}
        >
          <Suspense fallback={null}>
            <Dialog open={open} onClose={() => setOpen(false)} title={title} successMessage={successMessage}>
              <Inputs />
            </Dialog>
          </Suspense>
        </ErrorBoundary>
      )}
    </>
  );
};
