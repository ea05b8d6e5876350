/** A `YYYY-MM-DD` day of the admin's clock as the ISO instants that bound it (inclusive range). */
const dayAt = (day: string, hours: number, minutes: number, seconds: number, ms: number): string => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return '';
  const [, year, month, date] = match;
  return new Date(Number(year), Number(month) - 1, Number(date), hours, minutes, seconds, ms).toISOString();
};

/** The first instant of the day; '' when no day is given. */
export const startOfDay = (day: string): string => dayAt(day, 0, 0, 0, 0);

/** The last instant of the day; '' when no day is given. */
export const endOfDay = (day: string): string => dayAt(day, 23, 59, 59, 999);
