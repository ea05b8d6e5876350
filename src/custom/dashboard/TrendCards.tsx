import { useTheme } from '@mui/material';
import { CREDIT_DECIMALS } from '../../../shared/catalogue/audit';
import { TREND_WEEKS } from '../../../shared/catalogue/dashboard';
import type { WeekTrend } from '../../../shared/contract/dashboard';
import { formatCredit } from '../product';
import { ChartCard } from './ChartCard';
import { ChartSlot } from './ChartSlot';
import { FigureList } from './FigureList';
import { TrendLineChart, WeeklyBarChart } from './lazyCharts';
import { links } from './listLinks';
import { WeeklyTable } from './WeeklyTable';
import { labelledWeeks } from './weeks';

/** A series' sum over the weeks, to the cent (a float sum may leave a tail). */
const total = (weeks: WeekTrend[], key: Exclude<keyof WeekTrend, 'week'>): number =>
  Number(weeks.reduce((sum, week) => sum + week[key], 0).toFixed(CREDIT_DECIMALS));

/** New companies, users, offers and needs per week; each series' total links to its list, newest first. */
export const NewRecordsCard = ({ weeks }: { weeks: WeekTrend[] }) => {
  const { palette } = useTheme();
  const series = [
    { key: 'companies', label: 'Companies', color: palette.primary.main, to: links.companies },
    { key: 'users', label: 'Users', color: palette.secondary.main, to: links.users },
    { key: 'offers', label: 'Offers', color: palette.success.main, to: links.offers },
    { key: 'needs', label: 'Needs', color: palette.warning.main, to: links.needs },
  ] as const;
  const title = 'New records per week';
  return (
    <ChartCard title={title}>
      <ChartSlot>
        <TrendLineChart weeks={labelledWeeks(weeks)} series={[...series]} />
      </ChartSlot>
      <FigureList
        label={`New in the last ${TREND_WEEKS} weeks`}
        figures={series.map(({ label, color, to, key }) => ({ label, color, to, value: total(weeks, key) }))}
      />
      <WeeklyTable caption={title} weeks={weeks} columns={[...series]} />
    </ChartCard>
  );
};

/** Credits added and taken through the ledger per week; the totals link to the balance adjustments. */
export const CreditMovementsCard = ({ weeks }: { weeks: WeekTrend[] }) => {
  const { palette } = useTheme();
  const series = [
    { key: 'credited', label: 'Credited', color: palette.success.main, sign: 1 },
    { key: 'debited', label: 'Debited', color: palette.error.main, sign: -1 },
  ] as const;
  const title = 'Credit movements per week';
  return (
    <ChartCard title={title}>
      <ChartSlot>
        <WeeklyBarChart weeks={labelledWeeks(weeks)} series={[...series]} to={links.creditMovements} />
      </ChartSlot>
      <FigureList
        label={`Credit moved in the last ${TREND_WEEKS} weeks`}
        figures={series.map(({ label, color, key, sign }) => ({ label, color, to: links.creditMovements, value: formatCredit(sign * total(weeks, key)) }))}
      />
      <WeeklyTable caption={title} weeks={weeks} columns={[...series]} />
    </ChartCard>
  );
};
