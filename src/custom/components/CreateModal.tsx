import AddIcon from '@mui/icons-material/Add';
import { Suspense, lazy, useState, type ComponentType } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Button, useNotify } from 'react-admin';
import { messages } from '../../../shared/catalogue/messages';
import { failureMessage } from '../../providers/failureMessage';

/** The dialog and its form, fetched when the console is idle (AppLayout) or on the first click. */
export const preloadCreateDialog = () => import('./CreateDialog');

export interface CreateModalProps {
  /** The button that opens the modal. */
  openLabel: string;
  title: string;
  successMessage: string;
  /** Fetches the form's inputs (its resource declares the same as `createForm`, fetched when the console is idle). */
  loadInputs: () => Promise<ComponentType>;
}

/** The dialog and the inputs as lazy components: React's `lazy` keeps a failure, so each attempt has its own. */
const lazyParts = (loadInputs: () => Promise<ComponentType>) => ({
  Dialog: lazy(async () => ({ default: (await preloadCreateDialog()).CreateDialog })),
  Inputs: lazy(async () => ({ default: await loadInputs() })),
});

/**
 * A list's create button and its modal (CreateDialog). Only the button is in the list's code: the dialog, the form
 * and its inputs (uploads, pickers) are not needed to show the list's first rows, and a phone on a slow network
 * draws them sooner without. The dialog mounts on the first click and stays mounted, so that it closes animated.
 * If its code fails to arrive, the toast says so, the list stays, and the next click fetches it again.
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
