import { Box, Stack, Typography } from '@mui/material';

export interface Bar {
  label: string;
  value: number;
}

export interface BarTrackProps {
  value: number;
  /** The value of a full track. */
  max: number;
  /** Names the bar for assistive technology (a meter); none when the row already says it. */
  label?: string;
  color?: string;
  height?: number;
}

/** One bar's track, filled to `value / max` of its length. */
export const BarTrack = ({ value, max, label, color = 'primary.main', height = 14 }: BarTrackProps) => (
  <Box
    sx={{ flexGrow: 1, bgcolor: 'action.hover', borderRadius: 1, height }}
    {...(label ? { role: 'meter', 'aria-label': label, 'aria-valuenow': value, 'aria-valuemin': 0, 'aria-valuemax': max } : {})}
  >
    <Box sx={{ width: `${(value / max) * 100}%`, bgcolor: color, borderRadius: 1, height: '100%' }} />
  </Box>
);

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
            <BarTrack value={bar.value} max={largest} />
            <Typography variant="body2" sx={{ width: 40, textAlign: 'right' }}>
              {bar.value}
            </Typography>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
};
