import { PAGE_SIZE } from '../../../shared/catalogue/pagination';

/** The rows-per-page choices: the spec's 10 first (the default), then more for daily work. */
export const PER_PAGE_CHOICES: readonly number[] = [PAGE_SIZE, 25, 50, 100];

/** Kept on the device, like the theme: a reload (whose in-memory store starts empty) opens the list at the admin's choice. */
const keyOf = (list: string) => `rowsPerPage.${list}`;

/** The list's remembered choice, if one of the choices; else the spec's 10. */
export function rememberedPerPage(list: string | undefined): number {
  if (!list) return PAGE_SIZE;
  try {
    const stored = Number(window.localStorage.getItem(keyOf(list)));
    return PER_PAGE_CHOICES.includes(stored) ? stored : PAGE_SIZE;
  } catch {
    // Storage refused (a private window's quota): the default.
    return PAGE_SIZE;
  }
}

/** Remembers the choice for this list; the default itself is forgotten, so the spec's 10 stays the default. */
export function rememberPerPage(list: string | undefined, perPage: number): void {
  if (!list) return;
  try {
    if (perPage === PAGE_SIZE) window.localStorage.removeItem(keyOf(list));
    else window.localStorage.setItem(keyOf(list), String(perPage));
  } catch {
    // Storage refused: the choice holds for this visit only (the URL and react-admin's store keep it).
  }
}
