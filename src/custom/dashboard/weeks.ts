import type { WeekTrend } from '../../../shared/contract/dashboard';

/** A week's Monday, `YYYY-MM-DD`, as `DD/MM/YYYY` (no time zone involved). */
export const weekLabel = (week: string): string => week.split('-').reverse().join('/');

/** The weeks as the charts show them: each named by its Monday as `DD/MM/YYYY`. */
export const labelledWeeks = (weeks: WeekTrend[]): WeekTrend[] => weeks.map((week) => ({ ...week, week: weekLabel(week.week) }));
