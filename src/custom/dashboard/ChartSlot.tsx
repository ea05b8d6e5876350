import { Skeleton } from '@mui/material';
import { Suspense, type ReactNode } from 'react';

/** Where a lazily loaded chart goes: a placeholder of its height until the chart's code arrives. */
export const ChartSlot = ({ height = 260, children }: { height?: number; children: ReactNode }) => (
  <Suspense fallback={<Skeleton variant="rounded" height={height} aria-hidden />}>{children}</Suspense>
);
