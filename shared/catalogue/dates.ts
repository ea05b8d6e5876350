/** The date forms the console shows. Pure functions, so both halves and the tests share them. */

/** Admin last login: the first 10 characters of the stored value (`2026-11-21`). */
export const firstTenCharacters = (value: string | null | undefined): string => (value ? value.slice(0, 10) : '');

/**
 * A formatter made on its first use: making one loads the locale's data (tens of milliseconds on a slow phone, ~100
 * for a page's first), which a page that shows no such date, or the module's import, should not pay.
 */
export const formatterOnFirstUse = (locale: string, options: Intl.DateTimeFormatOptions) => {
  let formatter: Intl.DateTimeFormat | undefined;
  return () => (formatter ??= new Intl.DateTimeFormat(locale, options));
};

/**
 * fr-FR's long date (`day: 'numeric', month: 'long', year: 'numeric'`) is written out by hand: the first Intl formatter
 * of a page loads the locale data (about 100 ms on a 4x-throttled phone), which the companies list paid while drawing
 * its first rows (the largest paint). The unit test checks it against Intl over a range of dates.
 */
const FRENCH_MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];

const englishShortWithTime = formatterOnFirstUse('en-GB', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

const toDate = (value: string | Date | null | undefined): Date | undefined => {
  if (!value) return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
};

/** Companies and comments: `21 novembre 2026`. */
export const formatFrenchLongDate = (value: string | Date | null | undefined): string => {
  const date = toDate(value);
  return date ? `${date.getDate()} ${FRENCH_MONTHS[date.getMonth()] ?? ''} ${date.getFullYear()}` : '';
};

/** Everywhere else: `21/11/2026, 14:05`. */
export const formatShortDateTime = (value: string | Date | null | undefined): string => {
  const date = toDate(value);
  return date ? englishShortWithTime().format(date) : '';
};
