import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useId, type ReactNode } from 'react';
import { messages } from '../../../../shared/catalogue/messages';
import { shownValue, type ConflictRow } from './conflictRows';

export interface ConflictDialogProps {
  open: boolean;
  rows: ConflictRow[];
  labelOf: (field: string) => ReactNode;
  /** A choice is being carried out: both buttons wait. */
  pending?: boolean;
  onKeepTheirs: () => void;
  onOverwrite: () => void;
  /** Closing without a choice keeps the admin's edits in the form, unsaved: the next save asks again. */
  onClose: () => void;
}

/** A save refused as stale (409 STALE_RECORD): nothing is lost without the admin choosing it. */
export const ConflictDialog = ({ open, rows, labelOf, pending = false, onKeepTheirs, onOverwrite, onClose }: ConflictDialogProps) => {
  const titleId = useId();
  const { conflict } = messages;
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{conflict.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{conflict.intro}</DialogContentText>
        {rows.length ? (
          <Table size="small" sx={{ mt: 2, '& td': { overflowWrap: 'anywhere', verticalAlign: 'top' } }}>
            <TableHead>
              <TableRow>
                <TableCell component="th">{conflict.field}</TableCell>
                <TableCell component="th">{conflict.theirs}</TableCell>
                <TableCell component="th">{conflict.yours}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.field}>
                  <TableCell component="th" scope="row">
                    {labelOf(row.field)}
                  </TableCell>
                  <TableCell>{shownValue(row.theirs)}</TableCell>
                  <TableCell>{shownValue(row.yours)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : (
          <DialogContentText sx={{ mt: 2 }}>{conflict.outsideForm}</DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onKeepTheirs} disabled={pending}>
          {conflict.keepTheirs}
        </Button>
        <Button onClick={onOverwrite} disabled={pending} variant="contained" color="warning">
          {conflict.overwrite}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
