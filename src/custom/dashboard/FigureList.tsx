import { Box, Typography } from '@mui/material';
import { Link } from 'react-admin';

export interface Figure {
  label: string;
  value: number | string;
  /** The list behind the figure; none when no list filter matches it (e.g. rows without a domain). */
  to?: string;
  /** The swatch of the figure's series in the chart above, when it has one of its own. */
  color?: string;
}

const Swatch = ({ color }: { color: string }) => (
  <Box component="span" aria-hidden sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: color, flexShrink: 0 }} />
);

const rowSx = { display: 'flex', alignItems: 'center', gap: 1, width: '100%', py: 0.5, minWidth: 0 } as const;

const FigureRow = ({ figure }: { figure: Figure }) => {
  // A text space, which the flex layout does not draw: the visible text reads as 'label value' (WCAG 2.5.3).
  const content = (
    <>
      {figure.color && <Swatch color={figure.color} />}
      <Box component="span" sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
        {figure.label}
      </Box>{' '}
      <Box component="span" sx={{ fontWeight: 'fontWeightMedium', whiteSpace: 'nowrap' }}>
        {figure.value}
      </Box>
    </>
  );
  return figure.to ? (
    // Named 'label: value': the layout alone separates the two on screen.
    <Link to={figure.to} underline="hover" sx={rowSx} aria-label={`${figure.label}: ${figure.value}`}>
      {content}
    </Link>
  ) : (
    <Box sx={rowSx}>{content}</Box>
  );
};

/** The figures of a chart as text, each one a link to the list it counts: the chart's legend and its text alternative. */
export const FigureList = ({ label, figures }: { label: string; figures: Figure[] }) =>
  figures.length === 0 ? (
    <Typography variant="body2" color="text.secondary">
      No data yet.
    </Typography>
  ) : (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {figures.map((figure) => (
        <Typography component="li" variant="body2" key={figure.label}>
          <FigureRow figure={figure} />
        </Typography>
      ))}
    </Box>
  );
