import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import { Button, Menu, MenuItem } from '@mui/material';
import { useId, useState } from 'react';
import { useListSortContext } from 'react-admin';

export interface SortField {
  source: string;
  label: string;
}

const orderName = { ASC: 'ascending', DESC: 'descending' } as const;

/** The phone's sort control: the table headers' columns and rule (the current column again reverses it; another starts ascending). */
export const SortMenu = ({ fields }: { fields: SortField[] }) => {
  const { sort, setSort } = useListSortContext();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const current = fields.find((field) => field.source === sort.field)?.label ?? sort.field;
  const choose = (source: string) => {
    setSort({ field: source, order: source === sort.field && sort.order === 'ASC' ? 'DESC' : 'ASC' });
    setAnchor(null);
  };
  return (
    <>
      <Button
        size="small"
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        aria-label={`Sort by ${current}, ${orderName[sort.order]}`}
        startIcon={sort.order === 'ASC' ? <ArrowUpwardIcon /> : <ArrowDownwardIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {current}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {fields.map((field) => (
          <MenuItem key={field.source} selected={field.source === sort.field} onClick={() => choose(field.source)}>
            {field.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};
