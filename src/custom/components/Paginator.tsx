import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useListContext, useListPaginationContext } from 'react-admin';
import { messages } from '../../../shared/catalogue/messages';
import { totalPages } from '../../../shared/catalogue/pagination';
import type { ListTotalMeta } from '../../providers/dataProvider';
import { rememberPerPage } from './rowsPerPage';

/** 4000 → '4 000'. */
const groupThousands = (value: number): string => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

/** An estimate to two significant digits: 39 995 → 40 000, 1 234 → 1 200. */
const roughly = (value: number): number => {
  const step = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(1, value))) - 1);
  return Math.round(value / step) * step;
};

/** '240 matches', '1 match'; an estimated total reads as one: 'about 1 200 matches'. */
export const matchesText = (total: number, estimated: boolean): string =>
  estimated ? `about ${groupThousands(roughly(total))} matches` : `${groupThousands(total)} ${total === 1 ? 'match' : 'matches'}`;

export interface PaginatorProps {
  /** The rows-per-page choices (the list remembers the admin's); none: no choice, the list's page size. */
  perPageChoices?: readonly number[];
}

/** The number of matches, the rows per page where the list offers a choice, and the spec's 'page / total pages'. */
export const Paginator = ({ perPageChoices }: PaginatorProps) => {
  const { page, perPage, total, setPage, setPerPage, isPending } = useListPaginationContext();
  const { meta, resource } = useListContext();
  // A total the server estimated says so: '1 / ≈4 000', 'about 40 000 matches'.
  const estimated = (meta as Partial<ListTotalMeta> | undefined)?.totalIsEstimate === true;
  if (isPending) return null;
  if (!total) {
    return (
      <Typography sx={{ p: 2, textAlign: 'center' }} color="text.secondary">
        {messages.empty.data}
      </Typography>
    );
  }
  const pages = totalPages(total, perPage);
  // A link may carry a page size that is not a choice (perPage=20): it is shown as it is.
  const choices = perPageChoices?.length ? [...new Set([...perPageChoices, perPage])].sort((a, b) => a - b) : [];
  return (
    <Stack direction="row" alignItems="center" justifyContent="flex-end" flexWrap="wrap" columnGap={1} sx={{ p: 1 }}>
      <Typography component="span" color="text.secondary" sx={{ mr: 'auto', pl: 1, whiteSpace: 'nowrap' }}>
        {matchesText(total, estimated)}
      </Typography>
      {choices.length > 0 && (
        <TextField
          select
          size="small"
          variant="standard"
          label="Rows per page"
          value={perPage}
          onChange={(event) => {
            const chosen = Number(event.target.value);
            rememberPerPage(resource, chosen);
            setPerPage(chosen);
          }}
          sx={{ minWidth: 110, mx: 1 }}
        >
          {choices.map((choice) => (
            <MenuItem key={choice} value={choice}>
              {choice}
            </MenuItem>
          ))}
        </TextField>
      )}
      <IconButton aria-label="Previous page" disabled={page <= 1} onClick={() => setPage(page - 1)}>
        <ChevronLeftIcon />
      </IconButton>
      <Typography aria-label="Current page" component="span" sx={{ whiteSpace: 'nowrap' }}>
        {page} / {estimated ? `≈${groupThousands(pages)}` : pages}
      </Typography>
      <IconButton aria-label="Next page" disabled={page >= pages} onClick={() => setPage(page + 1)}>
        <ChevronRightIcon />
      </IconButton>
    </Stack>
  );
};
