import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import ViewWeekIcon from '@mui/icons-material/ViewWeek';
import { Button, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { Children, isValidElement, useState, type ReactNode } from 'react';
import { useStore } from 'react-admin';

/** A list's column as the chooser names it: its source or, without one, its label. */
export interface ListColumn {
  key: string;
  label: string;
}

/** The columns of a list's fields that can be named; one with neither source nor label always shows. */
export const listColumnsOf = (fields: ReactNode): ListColumn[] =>
  Children.toArray(fields).flatMap((field) => {
    const key = columnKeyOf(field);
    if (key === undefined || !isValidElement<{ label?: unknown }>(field)) return [];
    return [{ key, label: typeof field.props.label === 'string' ? field.props.label : key }];
  });

export function columnKeyOf(field: ReactNode): string | undefined {
  if (!isValidElement<{ source?: unknown; label?: unknown }>(field)) return undefined;
  const { source, label } = field.props;
  return typeof source === 'string' ? source : typeof label === 'string' ? label : undefined;
}

/** The columns hidden in a list, remembered per list on the device (consoleStore keeps `*.hiddenColumns` there). */
export const useHiddenColumns = (list: string) => useStore<string[]>(`${list}.hiddenColumns`, []);

/**
 * "Columns": a menu of the list's columns, each shown or hidden by a click; the last one shown stays. Read at the
 * first render with the list (react-admin's store), so the table never draws a column it then takes back.
 */
export const ColumnChooser = ({ list, columns }: { list: string; columns: ListColumn[] }) => {
  const [hidden, setHidden] = useHiddenColumns(list);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const shownCount = columns.filter((column) => !hidden.includes(column.key)).length;
  const toggle = (key: string) => setHidden(hidden.includes(key) ? hidden.filter((other) => other !== key) : [...hidden, key]);
  return (
    <>
      <Button
        size="small"
        startIcon={<ViewWeekIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        Columns
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {columns.map(({ key, label }) => {
          const shown = !hidden.includes(key);
          return (
            <MenuItem key={key} dense role="menuitemcheckbox" aria-checked={shown} disabled={shown && shownCount === 1} onClick={() => toggle(key)}>
              <ListItemIcon>{shown ? <CheckBoxIcon fontSize="small" color="primary" /> : <CheckBoxOutlineBlankIcon fontSize="small" />}</ListItemIcon>
              <ListItemText primary={label} />
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
};
