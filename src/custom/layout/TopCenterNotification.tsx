import { Notification } from 'react-admin';

/** Toasts at the top centre; multi-line so that 'Error' + newline + code reads as two lines. */
export const TopCenterNotification = () => <Notification anchorOrigin={{ vertical: 'top', horizontal: 'center' }} multiLine sx={{ whiteSpace: 'pre-line' }} />;
