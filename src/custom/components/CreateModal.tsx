import AddIcon from '@mui/icons-material/Add';
import { Suspense, lazy, useState, type ComponentType } from 'react';
import { Button } from 'react-admin';

/** The dialog and its form, fetched when the console is idle (AppLayout) or on the first click. */
export const preloadCreateDialog = () => import('./CreateDialog');
const LazyCreateDialog = lazy(async () => ({ default: (await preloadCreateDialog()).CreateDialog }));

export interface CreateModalProps {
  /** The button that opens the modal. */
  openLabel: string;
  title: string;
  successMessage: string;
  /** The form's inputs: a lazily loaded component (its resource declares it as `createForm`, fetched when idle). */
  inputs: ComponentType;
}

/**
 * A list's create button and its modal (CreateDialog). Only the button is in the list's code: the dialog, the form
 * and its inputs (uploads, pickers) are not needed to show the list's first rows, and a phone on a slow network
 * draws them sooner without. The dialog mounts on the first click and stays mounted, so that it closes animated.
 */
export const CreateModal = ({ openLabel, title, successMessage, inputs: Inputs }: CreateModalProps) => {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
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
        <Suspense fallback={null}>
          <LazyCreateDialog open={open} onClose={() => setOpen(false)} title={title} successMessage={successMessage}>
            <Inputs />
          </LazyCreateDialog>
        </Suspense>
      )}
    </>
  );
};
