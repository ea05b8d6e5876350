/** Admin last login: the first 10 characters of the stored value (`2026-11-21`). */
export const firstTenCharacters = (value: string | null | undefined): string => (value ? value.slice(0, 10) : '');

/** Made on first use: making one loads the locale's data (~100 ms for a page's first on a slow phone), which the import should not pay. */
export const formatterOnFirstUse = (locale: string, options: Intl.DateTimeFormatOptions) => {
  let formatter: Intl.DateTimeFormat | undefined;
  return () => (formatter ??= new Intl.DateTimeFormat(locale, options));
};

/**
 * fr-FR's long date, written by hand: the first Intl formatter loads the locale data (~100 ms on a 4x-throttled phone),
 * which the companies list paid in its largest paint. The unit test checks it against Intl.
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
