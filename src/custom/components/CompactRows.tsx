import { List, ListItem, ListItemAvatar, ListItemButton, ListItemText, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { RecordContextProvider, type RaRecord } from 'react-admin';

/** One record's compact row, its texts already drawn. */
export interface CompactItem {
  record: RaRecord;
  /** Where the row leads; without it the row is plain text. */
  path?: string;
  avatar?: ReactNode;
  primary: ReactNode;
  secondary?: ReactNode;
  tertiary?: ReactNode;
}

/**
 * The rows of a phone list. Each row is a link (Tab reaches it, Enter opens it); the action sits beside
 * the link rather than inside it (react-admin's SimpleList puts its right icon inside the link: a
 * button in a link, which neither a keyboard nor a screen reader can use well).
 */
export const CompactRows = ({ items, action }: { items: CompactItem[]; action?: ReactNode }) => (
  <List aria-label="Records" data-testid="compact-list">
    {items.map(({ record, path, avatar, primary, secondary, tertiary }) => {
      const content = (
        <>
          {avatar && <ListItemAvatar>{avatar}</ListItemAvatar>}
          <ListItemText
            sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
            primary={
              <Stack direction="row" spacing={1} justifyContent="space-between" component="span">
                <span>{primary}</span>
                {tertiary && (
                  <Stack component="span" sx={{ color: 'text.secondary', flexShrink: 0, textAlign: 'right' }}>
                    {tertiary}
                  </Stack>
                )}
              </Stack>
            }
            secondary={secondary}
          />
        </>
      );
      return (
        <RecordContextProvider key={record.id} value={record}>
          <ListItem divider disablePadding={path !== undefined} secondaryAction={action}>
            {path ? (
              <ListItemButton component={RouterLink} to={path} sx={action ? { pr: 8 } : undefined}>
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
