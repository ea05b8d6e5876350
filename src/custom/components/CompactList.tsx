import { List, ListItem, ListItemAvatar, ListItemButton, ListItemText, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { RecordContextProvider, useListContext, type Identifier, type RaRecord } from 'react-admin';

/** What a compact row shows of its record. */
export interface CompactRow<RecordType extends RaRecord> {
  primary: (record: RecordType) => ReactNode;
  secondary?: (record: RecordType) => ReactNode;
  /** Shown at the end of the primary line (a date, an amount). */
  tertiary?: (record: RecordType) => ReactNode;
  avatar?: (record: RecordType) => ReactNode;
  /** A button beside the row (read from the record context), such as 'Login as'. */
  action?: ReactNode;
}

export interface CompactListProps<RecordType extends RaRecord> {
  row: CompactRow<RecordType>;
  /** Where a row leads; without it the rows are plain text. */
  recordPath?: (id: Identifier) => string;
  empty: ReactNode;
}

/**
 * The phone layout of a list: one line of text per record instead of a table's columns. Each row is a
 * link (Tab reaches it, Enter opens it); its action sits beside the link rather than inside it, which
 * is why this is not react-admin's SimpleList (that puts its right icon inside the row's link).
 */
export const CompactList = <RecordType extends RaRecord>({ row, recordPath, empty }: CompactListProps<RecordType>) => {
  const { data, isPending } = useListContext<RecordType>();
  if (isPending || !data) return null;
  if (data.length === 0) return <>{empty}</>;
  return (
    <List aria-label="Records" data-testid="compact-list">
      {data.map((record) => {
        const content = (
          <>
            {row.avatar && <ListItemAvatar>{row.avatar(record)}</ListItemAvatar>}
            <ListItemText
              sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
              primary={
                <Stack direction="row" spacing={1} justifyContent="space-between" component="span">
                  <span>{row.primary(record)}</span>
                  {row.tertiary && (
                    <Stack component="span" sx={{ color: 'text.secondary', flexShrink: 0, textAlign: 'right' }}>
                      {row.tertiary(record)}
                    </Stack>
                  )}
                </Stack>
              }
              secondary={row.secondary?.(record)}
            />
          </>
        );
        return (
          <RecordContextProvider key={record.id} value={record}>
            <ListItem divider disablePadding={recordPath !== undefined} secondaryAction={row.action}>
              {recordPath ? (
                <ListItemButton component={RouterLink} to={recordPath(record.id)} sx={row.action ? { pr: 8 } : undefined}>
                  {content}
                </ListItemButton>
              ) : (
                content
              )}
            </ListItem>
          </RecordContextProvider>
        );
      })}
    </List>
  );
};

/** The given parts of a compact line, ' · ' between them; the empty ones are left out. */
export const joined = (...parts: (string | null | undefined)[]): string => parts.filter((part) => part).join(' · ');
