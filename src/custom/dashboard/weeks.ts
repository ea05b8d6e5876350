import type { WeekTrend } from '../../../shared/contract/dashboard';

/** A week's Monday, `YYYY-MM-DD`, as `DD/MM/YYYY` (no time zone involved). */
export const weekLabel = (week: string): string => week.split('-').reverse().join('/');

export const labelledWeeks = (weeks: WeekTrend[]): WeekTrend[] => weeks.map((week) => ({ ...week, week: weekLabel(week.week) }));
