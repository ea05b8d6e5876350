import { localStorageStore, memoryStore, type Store } from 'react-admin';
import { THEME_STORE_KEY, announceThemeModeChange } from './themeMode';

/** The light/dark choice is kept on the device (localStorage, read by the signed-out screens too) and survives Sign Out; the rest lives in memory. */
export function consoleStore(): Store {
  const page = memoryStore();
  const device = localStorageStore();
  const storeOf = (key: string) => (key === THEME_STORE_KEY ? device : page);
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
