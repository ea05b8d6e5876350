import type { KeyboardEvent } from 'react';
import { DatagridBody, DatagridRow } from 'react-admin';

/** Enter on a focused row does what a click on it does (opens the record); keys pressed inside its buttons stay theirs. */
const openOnEnter = (event: KeyboardEvent<HTMLTableRowElement>) => {
  if (event.key !== 'Enter' || event.target !== event.currentTarget) return;
  event.preventDefault();
  event.currentTarget.click();
};

/** A Datagrid body whose rows Tab reaches and Enter opens (with keyboardRowsSx). */
export const keyboardRowsBody = <DatagridBody row={<DatagridRow tabIndex={0} onKeyDown={openOnEnter} />} />;

export const keyboardRowsSx = {
  '& .RaDatagrid-row:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: '-2px' },
} as const;
