import { Card, CardActionArea, CardContent, Grid, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import type { Dashboard } from '../../../shared/contract/dashboard';
import { formatCredit } from '../product';
import { links } from './listLinks';

const Counter = ({ label, value, to }: { label: string; value: string | number; to: string }) => (
  <Card variant="outlined" role="group" aria-label={`${label}: ${value}`} sx={{ height: '100%' }}>
    <CardActionArea component={Link} to={to} sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="overline" color="text.secondary" component="p">
          {label}
        </Typography>
        <Typography variant="h5" component="p" sx={{ overflowWrap: 'anywhere' }}>
          {value}
        </Typography>
      </CardContent>
    </CardActionArea>
  </Card>
);

export const Counters = ({ data }: { data: Dashboard }) => {
  const counters: Array<[string, string | number, string]> = [
    ['Companies', data.counts.companies, links.companies],
    ['Users', data.counts.users, links.users],
    ['Offers', data.counts.offers, links.offers],
    ['Needs', data.counts.needs, links.needs],
    ['Rooms', data.counts.rooms, links.rooms],
    ['Admins', data.counts.admins, links.admins],
    ['Credit in circulation', formatCredit(data.credit_in_circulation), links.credit],
  ];
  return (
    <>
      {counters.map(([label, value, to]) => (
        <Grid key={label} size={{ xs: 6, sm: 4, md: 3 }}>
          <Counter label={label} value={value} to={to} />
        </Grid>
      ))}
    </>
  );
};
