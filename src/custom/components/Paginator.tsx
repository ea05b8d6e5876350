import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { IconButton, Stack, Typography } from '@mui/material';
import { useListContext, useListPaginationContext } from 'react-admin';
import { messages } from '../../../shared/catalogue/messages';
import { totalPages } from '../../../shared/catalogue/pagination';
import type { ListTotalMeta } from '../../providers/dataProvider';

/** 4000 → '4 000'. */
const groupThousands = (value: number): string => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

/** 'page / total pages'; a total the server estimated says so: '1 / ≈4 000'. */
export const Paginator = () => {
  const { page, perPage, total, setPage, isPending } = useListPaginationContext();
  const estimated = (useListContext().meta as Partial<ListTotalMeta> | undefined)?.totalIsEstimate === true;
  if (isPending) return null;
  if (!total) {
    return (
      <Typography sx={{ p: 2, textAlign: 'center' }} color="text.secondary">
        {messages.empty.data}
      </Typography>
    );
  }
  const pages = totalPages(total, perPage);
  return (
    <Stack direction="row" alignItems="center" justifyContent="flex-end" spacing={1} sx={{ p: 1 }}>
      <IconButton aria-label="Previous page" disabled={page <= 1} onClick={() => setPage(page - 1)}>
        <ChevronLeftIcon />
      </IconButton>
      <Typography aria-label="Current page" component="span">
        {page} / {estimated ? `≈${groupThousands(pages)}` : pages}
      </Typography>
      <IconButton aria-label="Next page" disabled={page >= pages} onClick={() => setPage(page + 1)}>
        <ChevronRightIcon />
      </IconButton>
    </Stack>
  );
};
