import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { useNavigate } from 'react-router-dom';
import type { WeekTrend } from '../../../shared/contract/dashboard';
import type { Figure } from './FigureList';
import { groupDigits } from '../product';
import { compactTick, labelAxisWidth } from './format';

/**
 * A chunk of its own, loaded after the figures: it imports only types from the dashboard. Charts are hidden from
 * assistive technology, since the figures beside them say the same as text and links.
 */

const CHART_HEIGHT = 260;

export interface TrendSeries {
  key: Exclude<keyof WeekTrend, 'week'>;
  label: string;
  color: string;
  to: string;
}

/** A value axis: its ticks compact ('60K', never cut to '60,0…'), its tooltip the whole figure grouped ('60 000'). */
const valueFormatter = (value: number, context: { location: string }) => (context.location === 'tick' ? compactTick(value) : groupDigits(value));

/** The weeks come labelled `DD/MM/YYYY`; a tick shows `DD/MM`. */
const weekAxis = {
  scaleType: 'point' as const,
  dataKey: 'week',
  valueFormatter: (week: string, context: { location: string }) => (context.location === 'tick' ? week.slice(0, 5) : week),
};

export const TrendLineChart = ({ weeks, series }: { weeks: WeekTrend[]; series: TrendSeries[] }) => {
  const navigate = useNavigate();
  const open = (seriesId: string | number) => {
    const to = series.find((line) => line.key === seriesId)?.to;
    if (to) navigate(to);
  };
  return (
    <div aria-hidden>
      <LineChart
        height={CHART_HEIGHT}
        dataset={weeks}
        xAxis={[weekAxis]}
        yAxis={[{ min: 0, tickMinStep: 1, width: 40, valueFormatter }]}
        // Straight segments: a smoothed curve would dip below zero or overshoot between weeks.
        series={series.map((line) => ({ id: line.key, dataKey: line.key, label: line.label, color: line.color, curve: 'linear' }))}
        hideLegend
        skipAnimation
        onMarkClick={(_event, item) => open(item.seriesId)}
        onLineClick={(_event, item) => open(item.seriesId)}
      />
    </div>
  );
};

export const WeeklyBarChart = ({ weeks, series, to }: { weeks: WeekTrend[]; series: Array<Omit<TrendSeries, 'to'>>; to: string }) => {
  const navigate = useNavigate();
  return (
    <div aria-hidden>
      <BarChart
        height={CHART_HEIGHT}
        dataset={weeks}
        xAxis={[{ ...weekAxis, scaleType: 'band' }]}
        yAxis={[{ width: 48, valueFormatter }]}
        series={series.map((bars) => ({ id: bars.key, dataKey: bars.key, label: bars.label, color: bars.color }))}
        hideLegend
        skipAnimation
        onItemClick={() => navigate(to)}
      />
    </div>
  );
};

/** One horizontal bar per figure, in the figures' order; a figure without a list is not clickable. */
export const BreakdownBarChart = ({ figures, color }: { figures: Figure[]; color: string }) => {
  const navigate = useNavigate();
  return (
    <div aria-hidden>
      <BarChart
        height={Math.max(120, 36 * figures.length + 40)}
        layout="horizontal"
        dataset={figures.map(({ label, value }) => ({ label, value: Number(value) }))}
        yAxis={[{ scaleType: 'band', dataKey: 'label', width: labelAxisWidth(figures.map(({ label }) => label)) }]}
        xAxis={[{ tickMinStep: 1, valueFormatter }]}
        series={[{ dataKey: 'value', color }]}
        hideLegend
        skipAnimation
        onItemClick={(_event, item) => {
          const to = figures[item.dataIndex]?.to;
          if (to) navigate(to);
        }}
      />
    </div>
  );
};
