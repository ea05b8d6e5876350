import SearchIcon from '@mui/icons-material/Search';
import { IconButton, Tooltip } from '@mui/material';
import { useEffect, useState } from 'react';
import { QuickFindDialog } from './QuickFindDialog';

/** Ctrl-K, or ⌘-K on a Mac: the shortcut of command palettes. */
export const isQuickFindShortcut = (event: KeyboardEvent) => (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k';

/** The app bar's quick-find button, and the shortcut that opens it from anywhere in the console. */
export const QuickFind = () => {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isQuickFindShortcut(event)) return;
      event.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  return (
    <>
      <Tooltip title="Quick find (Ctrl+K)">
        <IconButton color="inherit" aria-label="Quick find" aria-keyshortcuts="Control+K Meta+K" onClick={() => setOpen(true)}>
          <SearchIcon />
        </IconButton>
      </Tooltip>
      <QuickFindDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
};
