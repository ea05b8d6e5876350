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

/** A list opened on a phone fetches these beside its own code (preloadScreensAt), not after its first render. */
export function preloadPhoneListParts({ sortable }: { sortable: boolean }): void {
  void loadCompactRows().catch(() => undefined);
  if (sortable) void loadSortMenu().catch(() => undefined);
}
