import { ChartCard } from './ChartCard';
import { ChartSlot } from './ChartSlot';
import { FigureList, type Figure } from './FigureList';
import { BreakdownBarChart } from './lazyCharts';

/** A count per category (urgency, status, domain) as bars, and as figures that open the filtered list. */
export const BreakdownCard = ({ title, figures, color }: { title: string; figures: Figure[]; color: string }) => (
  <ChartCard title={title}>
    {figures.length > 0 && (
      <ChartSlot height={Math.max(120, 36 * figures.length + 40)}>
        <BreakdownBarChart figures={figures} color={color} />
      </ChartSlot>
    )}
    <FigureList label={title} figures={figures} />
  </ChartCard>
);
