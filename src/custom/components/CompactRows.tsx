import { styled } from '@mui/material';
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
 * MUI's List look drawn by one style sheet on plain elements: the components would cost each phone row a dozen themed
 * renders when the search answers. Like ListItemButton: no tap highlight, no hover colour left after a touch.
 */
const RowList = styled('ul')(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  padding: theme.spacing(1, 0),
  '& > li': { position: 'relative', display: 'flex', borderBottom: `1px solid ${theme.palette.divider}` },
  '& .compact-row': {
    display: 'flex',
    flexGrow: 1,
    alignItems: 'center',
    minWidth: 0,
    padding: theme.spacing(1, 2),
    color: 'inherit',
    textDecoration: 'none',
  },
  '& a.compact-row': {
    WebkitTapHighlightColor: 'transparent',
    transition: theme.transitions.create('background-color', { duration: theme.transitions.duration.shortest }),
    '&:hover': { backgroundColor: theme.palette.action.hover, '@media (hover: none)': { backgroundColor: 'transparent' } },
    '&:active': { backgroundColor: theme.palette.action.selected },
    // Drawn inside the row, like the console's other full-width items: no scrolling parent clips it.
    '&:focus-visible': { backgroundColor: theme.palette.action.focus, outlineOffset: -2 },
  },
  '& .with-action': { paddingRight: theme.spacing(6) },
  '& .compact-avatar': { minWidth: 56, flexShrink: 0 },
  '& .compact-text': { flex: '1 1 auto', minWidth: 0, margin: '4px 0', overflowWrap: 'anywhere' },
  '& .compact-text.two-lines': { margin: '6px 0' },
  '& .compact-primary': { ...theme.typography.body1, display: 'flex', justifyContent: 'space-between', gap: theme.spacing(1) },
  '& .compact-tertiary': { color: theme.palette.text.secondary, flexShrink: 0, textAlign: 'right' },
  '& .compact-secondary': { ...theme.typography.body2, margin: 0, color: theme.palette.text.secondary },
  '& .compact-action': { position: 'absolute', right: theme.spacing(2), top: '50%', transform: 'translateY(-50%)' },
}));

/** A phone list's rows: each a link, its action beside it (react-admin's SimpleList nests a button in the link, bad for keyboards and screen readers). */
export const CompactRows = ({ items, action }: { items: CompactItem[]; action?: ReactNode }) => (
  <RowList aria-label="Records" data-testid="compact-list">
    {items.map(({ record, path, avatar, primary, secondary, tertiary }) => {
      const content = (
        <>
          {avatar && <div className="compact-avatar">{avatar}</div>}
          <div className={secondary != null ? 'compact-text two-lines' : 'compact-text'}>
            <span className="compact-primary">
              <span>{primary}</span>
              {tertiary && <span className="compact-tertiary">{tertiary}</span>}
            </span>
            {secondary != null && <p className="compact-secondary">{secondary}</p>}
          </div>
        </>
      );
      const rowClass = action ? 'compact-row with-action' : 'compact-row';
      return (
        <RecordContextProvider key={record.id} value={record}>
          <li>
            {path ? (
              <RouterLink className={rowClass} to={path}>
                {content}
              </RouterLink>
            ) : (
              <div className={rowClass}>{content}</div>
            )}
            {action && <div className="compact-action">{action}</div>}
          </li>
        </RecordContextProvider>
      );
    })}
  </RowList>
);
