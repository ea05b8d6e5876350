import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useGetList, useRecordContext } from 'react-admin';
import { PAGE_SIZE } from '../../../shared/catalogue/pagination';
import { relativeTime } from '../../../shared/catalogue/relativeTime';
import { PENDING_REQUESTS } from '../../custom/approvals/approvalTexts';
import { ScrollRegion } from '../../custom/components/ScrollRegion';
import { formatCredit } from '../../custom/product';
import type { CreditRequestRecord } from '../../providers/creditRequestCalls';

/** The company's adjustments waiting for a second admin: nothing of them is in the ledger yet. Absent when none waits. */
export const CompanyPendingRequests = () => {
  const company = useRecordContext();
  const { data = [], total = 0 } = useGetList<CreditRequestRecord>(
    'credit_request',
    { filter: { ...PENDING_REQUESTS, company_id: company?.id }, pagination: { page: 1, perPage: PAGE_SIZE } },
    { enabled: company !== undefined },
  );
  if (data.length === 0) return null;
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ px: 2, pt: 1 }}>
        Pending approval ({total})
      </Typography>
      <ScrollRegion label="Pending approval">
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>Amount</TableCell>
              <TableCell>Reason</TableCell>
              <TableCell>Requested by</TableCell>
              <TableCell>Age</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((request) => (
              <TableRow key={request.id}>
                <TableCell>{formatCredit(request.amount)}</TableCell>
                <TableCell>{request.reason}</TableCell>
                <TableCell>{request.requested_by_name}</TableCell>
                <TableCell>{relativeTime(request.created_at)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollRegion>
    </Box>
  );
};
