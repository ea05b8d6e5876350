import { Snackbar } from '@mui/material';

export interface Toast {
  message: string;
  type: 'success' | 'error';
  key: number;
}

/** A top-centre toast like the console's (react-admin's Notification: a snackbar coloured by its type), shown for 4 s. */
export default function AuthToast({ toast, onClose }: { toast: Toast; onClose: () => void }) {
  return (
    <Snackbar
      key={toast.key}
      open
      message={toast.message}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      autoHideDuration={4000}
      onClose={(_event, reason) => reason !== 'clickaway' && onClose()}
      slotProps={{
        content: {
          sx: { whiteSpace: 'pre-line', bgcolor: `${toast.type}.main`, color: `${toast.type}.contrastText` },
        },
      }}
    />
  );
}
