import { localStorageStore, memoryStore, type Store } from 'react-admin';
import { THEME_STORE_KEY, announceThemeModeChange } from './themeMode';

/** A list's hidden columns (ColumnChooser), remembered per list like its rows per page. */
const LIST_COLUMNS_KEY = /\.hiddenColumns$/;

/**
 * The light/dark choice and each list's columns are kept on the device (localStorage; the theme is read by the
 * signed-out screens too) and survive Sign Out; the rest lives in memory.
 */
export function consoleStore(): Store {
  const page = memoryStore();
  const device = localStorageStore();
  const storeOf = (key: string) => (key === THEME_STORE_KEY || LIST_COLUMNS_KEY.test(key) ? device : page);
  return {
    setup: () => {
      page.setup();
      device.setup();
    },
    teardown: () => {
      page.teardown();
      device.teardown();
    },
    getItem: (key, defaultValue) => storeOf(key).getItem(key, defaultValue),
    setItem: (key, value) => {
      storeOf(key).setItem(key, value);
      if (key === THEME_STORE_KEY) announceThemeModeChange();
    },
    removeItem: (key) => {
      storeOf(key).removeItem(key);
      if (key === THEME_STORE_KEY) announceThemeModeChange();
    },
    removeItems: (keyPrefix) => page.removeItems(keyPrefix),
    // Sign Out resets the store: the device's theme is not the session's.
    reset: () => page.reset(),
    subscribe: (key, callback) => storeOf(key).subscribe(key, callback),
  };
}
