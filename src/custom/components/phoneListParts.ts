import type { CompactRows } from './CompactRows';

/** The compact rows' component once it has loaded (a live binding): then a list renders its rows without suspending. */
export let loadedCompactRows: typeof CompactRows | undefined;
let loadingRows: Promise<typeof CompactRows> | undefined;

/** The compact rows' component; a failed fetch is forgotten, so that the next render tries again. */
export const loadCompactRows = () =>
  (loadingRows ??= import('./CompactRows').then(
    (module) => (loadedCompactRows = module.CompactRows),
    (error: unknown) => {
      loadingRows = undefined;
      throw error;
    },
  ));

/** The sort menu's module; React.lazy retries a failed fetch itself on the next render. */
export const loadSortMenu = () => import('./SortMenu');

/**
 * The parts of a list that only a phone shows, in chunks of their own (a large screen never needs them): the
 * compact rows and, for a list that sorts, the sort menu. A list opened on a phone fetches them beside its own code
 * (preloadScreensAt), so that neither waits for the list's first render to start downloading.
 */
export function preloadPhoneListParts({ sortable }: { sortable: boolean }): void {
  void loadCompactRows().catch(() => undefined);
  if (sortable) void loadSortMenu().catch(() => undefined);
}
