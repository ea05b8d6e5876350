import { useMediaQuery, type PaletteMode } from '@mui/material';
import { useSyncExternalStore } from 'react';

/** The key react-admin's `useTheme` reads and its ToggleThemeButton writes in the store. */
export const THEME_STORE_KEY = 'theme';

/** Where react-admin's localStorageStore keeps that key (`RaStore.` + key, the value as JSON). */
const STORED_THEME_KEY = `RaStore.${THEME_STORE_KEY}`;

/** Sent in this page when the console stores a new choice (the `storage` event only reaches other tabs). */
const THEME_CHANGE_EVENT = 'admin-platform:theme-change';

export function readStoredThemeMode(): PaletteMode | undefined {
  try {
    const stored = window.localStorage.getItem(STORED_THEME_KEY);
    return stored === '"dark"' ? 'dark' : stored === '"light"' ? 'light' : undefined;
  } catch {
    return undefined; // storage refused (private mode): follow the system
  }
}

export function announceThemeModeChange() {
  window.dispatchEvent(new Event(THEME_CHANGE_EVENT));
}

function subscribe(onChange: () => void) {
  window.addEventListener(THEME_CHANGE_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(THEME_CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The signed-out screens' mode, without react-admin: the stored choice, else the system's preference. */
export function useThemeMode(): PaletteMode {
  const stored = useSyncExternalStore(subscribe, readStoredThemeMode, () => undefined);
  const systemPrefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  return stored ?? (systemPrefersDark ? 'dark' : 'light');
}
