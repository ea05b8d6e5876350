import { Box, Stack, Typography } from '@mui/material';
import type { Dashboard } from '../../../shared/contract/dashboard';

type CreditMovementsOfWeek = Dashboard['credit_movements_per_week'][number];
import { BarTrack } from './BarChart';

const TITLE = 'Credit movements per week';
const CREDITED_COLOR = 'success.main';
const DEBITED_COLOR = 'error.main';

/** A week's Monday, `YYYY-MM-DD`, as `DD/MM/YYYY` (no time zone involved). */
const weekLabel = (week: string): string => week.split('-').reverse().join('/');

const Legend = ({ color, label }: { color: string; label: string }) => (
  <Stack direction="row" spacing={0.5} alignItems="center">
    <Box sx={{ width: 12, height: 12, bgcolor: color, borderRadius: 0.5 }} />
    <Typography variant="caption">{label}</Typography>
  </Stack>
);

/** Per week, oldest first: credits added and credits taken, each bar a share of the largest movement. */
export const CreditMovementsChart = ({ weeks }: { weeks: CreditMovementsOfWeek[] }) => {
  const largest = Math.max(1, ...weeks.flatMap((week) => [week.credited, week.debited]));
  return (
    <Box component="figure" aria-label={TITLE} sx={{ m: 0 }}>
      <Stack direction="row" justifyContent="space-between" alignItems="baseline">
        <Typography variant="subtitle1" component="figcaption" gutterBottom>
          {TITLE}
        </Typography>
        <Stack direction="row" spacing={2}>
          <Legend color={CREDITED_COLOR} label="Credited" />
          <Legend color={DEBITED_COLOR} label="Debited" />
        </Stack>
      </Stack>
      <Stack spacing={1}>
        {weeks.map(({ week, credited, debited }) => (
          <Stack key={week} direction="row" spacing={1} alignItems="center" aria-label={`Week of ${weekLabel(week)}: ${credited} credited, ${debited} debited`}>
            <Typography variant="body2" sx={{ width: 100, flexShrink: 0 }}>
              {weekLabel(week)}
            </Typography>
            <Stack spacing={0.25} sx={{ flexGrow: 1 }}>
              <BarTrack value={credited} max={largest} label="Credited" color={CREDITED_COLOR} height={8} />
              <BarTrack value={debited} max={largest} label="Debited" color={DEBITED_COLOR} height={8} />
            </Stack>
            <Typography variant="body2" sx={{ width: 140, textAlign: 'right' }}>
              +{credited} / −{debited}
            </Typography>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
};
