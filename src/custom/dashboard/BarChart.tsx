import { Box, Stack, Typography } from '@mui/material';

export interface Bar {
  label: string;
  value: number;
}

/** A horizontal bar chart: each bar's length is its share of the largest value. */
export const BarChart = ({ title, bars }: { title: string; bars: Bar[] }) => {
  const largest = Math.max(1, ...bars.map((bar) => bar.value));
  return (
    <Box component="figure" aria-label={title} sx={{ m: 0 }}>
      <Typography variant="subtitle1" component="figcaption" gutterBottom>
        {title}
      </Typography>
      <Stack spacing={0.75}>
        {bars.map((bar) => (
          <Stack key={bar.label} direction="row" spacing={1} alignItems="center" aria-label={`${bar.label}: ${bar.value}`}>
            <Typography variant="body2" sx={{ width: 180, flexShrink: 0 }} noWrap title={bar.label}>
              {bar.label}
            </Typography>
            <Box sx={{ flexGrow: 1, bgcolor: 'action.hover', borderRadius: 1, height: 14 }}>
              <Box sx={{ width: `${(bar.value / largest) * 100}%`, bgcolor: 'primary.main', borderRadius: 1, height: '100%' }} />
            </Box>
            <Typography variant="body2" sx={{ width: 40, textAlign: 'right' }}>
              {bar.value}
            </Typography>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
};
