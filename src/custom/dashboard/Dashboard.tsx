import { Box, Card, CardContent, Grid, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Loading, Title, useDataProvider } from 'react-admin';
import { environment } from '../../providers';
import type { AdminDataProvider } from '../../providers/dataProvider';
import { failureMessage } from '../../providers/failureMessage';
import { formatCredit } from '../product';
import { BarChart } from './BarChart';
import { CreditMovementsChart } from './CreditMovementsChart';

const NO_DOMAIN = 'Sans domaine';

/** The external analytics dashboard, full height, when one is configured. */
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

const Figure = ({ label, value }: { label: string; value: string | number }) => (
  <Card variant="outlined" role="group" aria-label={`${label}: ${value}`}>
    <CardContent>
      <Typography variant="overline" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p">
        {value}
      </Typography>
    </CardContent>
  </Card>
);

/**
 * Otherwise, the native overview: headline counts, credit in circulation, credit movements per week
 * (from the ledger), offers and needs by domain, needs by urgency.
 */
export const Overview = () => {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { data, error } = useQuery({ queryKey: ['dashboard'], queryFn: () => dataProvider.getDashboard() });
  if (error) return <Typography color="error">{failureMessage(error)}</Typography>;
  if (!data) return <Loading />;
  const figures: Array<[string, string | number]> = [
    ['Companies', data.counts.companies],
    ['Users', data.counts.users],
    ['Offers', data.counts.offers],
    ['Needs', data.counts.needs],
    ['Rooms', data.counts.rooms],
    ['Admins', data.counts.admins],
    ['Credit in circulation', formatCredit(data.credit_in_circulation)],
  ];
  const charts = [
    { title: 'Offers by domain', bars: data.offers_by_domain.map((row) => ({ label: row.domain ?? NO_DOMAIN, value: row.count })) },
    { title: 'Needs by domain', bars: data.needs_by_domain.map((row) => ({ label: row.domain ?? NO_DOMAIN, value: row.count })) },
    { title: 'Needs by urgency', bars: data.needs_by_urgency.map((row) => ({ label: row.emergency, value: row.count })) },
  ];
  return (
    <Box sx={{ mt: 2 }}>
      <Grid container spacing={2}>
        {figures.map(([label, value]) => (
          <Grid key={label} size={{ xs: 6, md: 3 }}>
            <Figure label={label} value={value} />
          </Grid>
        ))}
        {data.credit_movements_per_week && (
          <Grid size={12}>
            <Card variant="outlined">
              <CardContent>
                <CreditMovementsChart weeks={data.credit_movements_per_week} />
              </CardContent>
            </Card>
          </Grid>
        )}
        {charts.map(({ title, bars }) => (
          <Grid key={title} size={{ xs: 12, md: 6 }}>
            <Card variant="outlined">
              <CardContent>
                <BarChart title={title} bars={bars} />
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Box>
  );
};

export const DashboardView = ({ analyticsUrl }: { analyticsUrl?: string }) => (
  <>
    <Title title="Dashboard" />
    {analyticsUrl ? <AnalyticsEmbed url={analyticsUrl} /> : <Overview />}
  </>
);

/** The Dashboard at `/`: the analytics embed when one is configured, else the overview. */
export const Dashboard = () => <DashboardView analyticsUrl={environment.analyticsUrl} />;
