import SearchIcon from '@mui/icons-material/Search';
import { IconButton, Tooltip } from '@mui/material';
import { lazy, Suspense, useEffect, useState } from 'react';

/** The palette's code (an autocomplete and its searches) is fetched when the browser is idle (AppLayout), not with each screen. */
export const preloadQuickFind = () => import('./QuickFindDialog');
const QuickFindDialog = lazy(async () => ({ default: (await preloadQuickFind()).QuickFindDialog }));

/** Ctrl-K, or ⌘-K on a Mac: the shortcut of command palettes. */
export const isQuickFindShortcut = (event: KeyboardEvent) => (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k';

export const QuickFind = () => {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isQuickFindShortcut(event)) return;
      event.preventDefault();
      setWanted(true);
      setOpen(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  return (
    <>
      <Tooltip title="Quick find (Ctrl+K)">
        <IconButton
          color="inherit"
          aria-label="Quick find"
          aria-keyshortcuts="Control+K Meta+K"
          onClick={() => {
            setWanted(true);
            setOpen(true);
          }}
        >
          <SearchIcon />
        </IconButton>
      </Tooltip>
      {wanted && (
        <Suspense fallback={null}>
          <QuickFindDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
};
