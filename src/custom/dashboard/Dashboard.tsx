import { Box, Grid, Typography, useTheme } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Loading, Title, useDataProvider } from 'react-admin';
import type { Dashboard as DashboardFigures } from '../../../shared/contract/dashboard';
import { environment } from '../../providers';
import type { AdminDataProvider } from '../../providers/dataProvider';
import { failureMessage } from '../../providers/failureMessage';
import { BreakdownCard } from './BreakdownCard';
import { Counters } from './Counters';
import type { Figure } from './FigureList';
import { LatestRooms } from './LatestRooms';
import { links } from './listLinks';
import { TodoFigures } from './TodoFigures';
import { CreditMovementsCard, NewRecordsCard } from './TrendCards';

export { loadCharts as preloadCharts } from './lazyCharts';

const NO_DOMAIN = 'Sans domaine';

export const AnalyticsEmbed = ({ url }: { url: string }) => (
  <Box
    component="iframe"
    src={url}
    title="Analytics"
    sx={{ border: 0, width: '100%', height: 'calc(100vh - 64px)' }}
    referrerPolicy="no-referrer"
    sandbox="allow-scripts allow-same-origin allow-popups"
  />
);

/** Rows without a domain have no list filter: their figure is shown without a link. */
const byDomain = (rows: DashboardFigures['offers_by_domain'], link: (domain: string) => string): Figure[] =>
  rows.map(({ domain, count }) => ({ label: domain ?? NO_DOMAIN, value: count, ...(domain ? { to: link(domain) } : {}) }));

const OverviewGrid = ({ data }: { data: DashboardFigures }) => {
  const { palette } = useTheme();
  const breakdowns = [
    {
      title: 'Needs by urgency',
      color: palette.warning.main,
      figures: data.needs_by_urgency.map(({ emergency, count }) => ({ label: emergency, value: count, to: links.needsByUrgency(emergency) })),
    },
    {
      title: 'Needs by status',
      color: palette.info.main,
      figures: data.needs_by_status.map(({ status, count }) => ({ label: status, value: count, to: links.needsByStatus(status) })),
    },
    { title: 'Offers by domain', color: palette.success.main, figures: byDomain(data.offers_by_domain, links.offersByDomain) },
    { title: 'Needs by domain', color: palette.primary.main, figures: byDomain(data.needs_by_domain, links.needsByDomain) },
  ];
  return (
    <Grid container spacing={2}>
      <Counters data={data} />
      <Grid size={{ xs: 12, lg: 6 }}>
        <NewRecordsCard weeks={data.weeks} />
      </Grid>
      <Grid size={{ xs: 12, lg: 6 }}>
        <CreditMovementsCard weeks={data.weeks} />
      </Grid>
      {breakdowns.map(({ title, color, figures }) => (
        <Grid key={title} size={{ xs: 12, md: 6 }}>
          <BreakdownCard title={title} color={color} figures={figures} />
        </Grid>
      ))}
      <Grid size={12}>
        <LatestRooms rooms={data.latest_rooms} />
      </Grid>
    </Grid>
  );
};

/** Otherwise, the native overview: what waits for this admin first, then the figures, each opening the list it counts. */
export const Overview = () => {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { data, error } = useQuery({ queryKey: ['dashboard'], queryFn: () => dataProvider.getDashboard() });
  return (
    <Box sx={{ mt: 2 }}>
      <TodoFigures />
      {error ? <Typography color="error">{failureMessage(error)}</Typography> : data ? <OverviewGrid data={data} /> : <Loading />}
    </Box>
  );
};

export const DashboardView = ({ analyticsUrl }: { analyticsUrl?: string }) => (
  <>
    <Title title="Dashboard" />
    {analyticsUrl ? <AnalyticsEmbed url={analyticsUrl} /> : <Overview />}
  </>
);

export const Dashboard = () => <DashboardView analyticsUrl={environment.analyticsUrl} />;
