import { Box } from '@mui/material';
import type { WeekTrend } from '../../../shared/contract/dashboard';
import { visuallyHidden } from '../components/visuallyHidden';
import { weekLabel } from './weeks';

export interface WeeklyColumn {
  key: Exclude<keyof WeekTrend, 'week'>;
  label: string;
}

/** A chart's weekly figures as a table for assistive technology (the chart itself is hidden from it). */
export const WeeklyTable = ({ caption, weeks, columns }: { caption: string; weeks: WeekTrend[]; columns: WeeklyColumn[] }) => (
  <Box sx={visuallyHidden}>
    <table>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Week of</th>
          {columns.map((column) => (
            <th key={column.key} scope="col">
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week.week}>
            <th scope="row">{weekLabel(week.week)}</th>
            {columns.map((column) => (
              <td key={column.key}>{week[column.key]}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  </Box>
);
