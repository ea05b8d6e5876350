import { lazy } from 'react';

/** The chart library is heavy: the overview shows its figures first and draws the charts once this chunk arrives. */
export const loadCharts = () => import('./charts');
export const TrendLineChart = lazy(async () => ({ default: (await loadCharts()).TrendLineChart }));
export const WeeklyBarChart = lazy(async () => ({ default: (await loadCharts()).WeeklyBarChart }));
export const BreakdownBarChart = lazy(async () => ({ default: (await loadCharts()).BreakdownBarChart }));
