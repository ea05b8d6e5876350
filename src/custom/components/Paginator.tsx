import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { IconButton, Stack, Typography } from '@mui/material';
import { useListPaginationContext } from 'react-admin';
import { messages } from '../../../shared/catalogue/messages';
import { totalPages } from '../../../shared/catalogue/pagination';

/** 'page / total pages' with previous and next, disabled at the bounds; 'No data found' at 0. */
export const Paginator = () => {
  const { page, perPage, total, setPage, isPending } = useListPaginationContext();
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
        {page} / {pages}
      </Typography>
      <IconButton aria-label="Next page" disabled={page >= pages} onClick={() => setPage(page + 1)}>
        <ChevronRightIcon />
      </IconButton>
    </Stack>
  );
};
