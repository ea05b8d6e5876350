import FactCheckIcon from '@mui/icons-material/FactCheck';
import { lazy, Suspense } from 'react';
import { useCanAccess, useGetList } from 'react-admin';
import { PAGE_SIZE } from '../../../shared/catalogue/pagination';
import { useOpeningScreenSettled } from '../layout/useOpeningScreenSettled';
import { PENDING_REQUESTS } from './approvalTexts';

const PendingCountBadge = lazy(async () => ({ default: (await import('./PendingCountBadge')).PendingCountBadge }));

/** How often an approver's menu asks how many requests wait: a request from another admin shows within this time. */
export const PENDING_COUNT_REFRESH_MS = 30_000;

/**
 * The Approvals menu entry's icon, with the number of pending requests for an admin who may approve them; a decision
 * refreshes it with the page. An admin who may not approve gets no count, whatever the page has read.
 */
export const ApprovalsMenuIcon = () => {
  const { canAccess: approver = false } = useCanAccess({ resource: 'credit_request', action: 'approve' });
  // Asked once the opening screen has its data: the count never delays a first load.
  const settled = useOpeningScreenSettled();
  const { total } = useGetList(
    'credit_request',
    // Read on a timer, so marked background: it keeps no session from going idle. A decision's refresh reads it again.
    { filter: PENDING_REQUESTS, pagination: { page: 1, perPage: PAGE_SIZE }, sort: { field: 'id', order: 'ASC' }, meta: { background: true } },
    { enabled: approver && settled, refetchInterval: PENDING_COUNT_REFRESH_MS },
  );
  const count = approver ? (total ?? 0) : 0;
  if (count === 0) return <FactCheckIcon />;
  return (
    <Suspense fallback={<FactCheckIcon />}>
      <PendingCountBadge count={count} />
    </Suspense>
  );
};
