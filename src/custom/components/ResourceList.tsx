import { Children, cloneElement, isValidElement, lazy, Suspense, useState, type ReactNode } from 'react';
import {
  CanAccess,
  Datagrid,
  List,
  TopToolbar,
  useCanAccess,
  useCreatePath,
  useListContext,
  useResourceContext,
  type Identifier,
  type ListProps,
  type RaRecord,
} from 'react-admin';
import { PAGE_SIZE } from '../../../shared/catalogue/pagination';
import { BALANCE_SOURCE } from '../product';
import { resourceEndpoint } from '../../resources/endpoints';
import { ColumnChooser, columnKeyOf, listColumnsOf, useHiddenColumns } from './ColumnChooser';
import { CompactList, type CompactRow } from './CompactList';
import { DomainSelect, SubDomainSelect } from './DomainSelects';
import { EmptyText } from './EmptyText';
import { keyboardRowsBody, keyboardRowsSx } from './KeyboardRows';
import { Paginator } from './Paginator';
import { loadSortMenu } from './phoneListParts';
import { ResetFiltersButton } from './ResetFiltersButton';
import { SearchBox } from './SearchBox';
import { PER_PAGE_CHOICES, rememberedPerPage } from './rowsPerPage';
import { ServerExportButton } from './ServerExportButton';
import type { SortField } from './SortMenu';
import { useIsSmallScreen } from './useIsSmallScreen';

/** Loads only on a phone, like the compact rows. */
const SortMenu = lazy(async () => ({ default: (await loadSortMenu()).SortMenu }));

export const searchFilter = <SearchBox key="search" source="search" alwaysOn />;
export const domainFilters = [
  <DomainSelect key="activity_domain" source="activity_domain" alwaysOn />,
  <SubDomainSelect key="sub_activity_domain" source="sub_activity_domain" alwaysOn />,
];

/** No `sort`: a list opens in its endpoint's `listOpening` order, the one its first search was sent ahead in. */
export interface ResourceListProps<RecordType extends RaRecord = RaRecord> extends Omit<ListProps, 'children' | 'actions' | 'sort'> {
  title: string;
  create?: ReactNode;
  resettable?: boolean;
  /** Extra actions, before the Export, reset and create buttons. */
  actions?: ReactNode;
  /** The list's own empty-result text; the paginator says 'No data found' in any case. */
  emptyText?: string;
  /** The record's page by default; `false` for rows that open nothing. */
  rowClick?: ((id: Identifier) => string) | false;
  /** Lazy ones (lazyListPowerTools); without them the table has no selection. */
  bulkActions?: ReactNode;
  /** Without it the table stays, scrolling inside its card on a phone. */
  compact?: CompactRow<RecordType>;
  /** React-admin fields; the sortable ones are the phone's sort choices. */
  children: ReactNode;
}

/** The columns with a `source` and not `sortable={false}`, under their labels. */
const sortFieldsOf = (columns: ReactNode): SortField[] =>
  Children.toArray(columns).flatMap((column) => {
    if (!isValidElement<{ source?: unknown; label?: unknown; sortable?: unknown }>(column)) return [];
    const { source, label, sortable } = column.props;
    return typeof source === 'string' && typeof label === 'string' && sortable !== false ? [{ source, label }] : [];
  });

/** From this many columns a table offers its column chooser. */
export const WIDE_LIST_COLUMNS = 6;

type ColumnProps = { source?: unknown; label?: unknown; textAlign?: unknown; cellClassName?: unknown };

/** The class of the cells that never wrap (amounts, dates). */
const NOWRAP = 'ResourceList-nowrap';
const AMOUNT_SOURCE = /(^|_)(balance|amount|price)$/;
const AMOUNT_LABEL = /^(balance|amount|price)$/i;
const DATE_LABEL = /^(date|created at|updated at|last login|last activity|last seen|signed in)$/i;

/** What a column shows, from its source or label: an amount (right-aligned, on one line), a date (on one line), or text. */
export function columnKind(column: { source?: unknown; label?: unknown }): 'amount' | 'date' | 'text' {
  const source = typeof column.source === 'string' ? column.source : '';
  const label = typeof column.label === 'string' ? column.label : '';
  if (source === BALANCE_SOURCE || AMOUNT_SOURCE.test(source) || AMOUNT_LABEL.test(label)) return 'amount';
  if (source.endsWith('_at') || DATE_LABEL.test(label)) return 'date';
  return 'text';
}

/** Amounts right-aligned (a column that says its own alignment keeps it), amounts and dates never wrapping. */
const dailyColumns = (columns: ReactNode): ReactNode =>
  Children.map(columns, (column) => {
    if (!isValidElement<ColumnProps>(column)) return column;
    const kind = columnKind(column.props);
    if (kind === 'text') return column;
    const { textAlign, cellClassName } = column.props;
    return cloneElement(column, {
      textAlign: textAlign ?? (kind === 'amount' ? 'right' : undefined),
      cellClassName: [typeof cellClassName === 'string' ? cellClassName : '', NOWRAP].filter(Boolean).join(' '),
    });
  });

/** Datagrid's cells: one line where NOWRAP says so, amounts in figures of one width so that they line up. */
const dailyColumnsSx = {
  [`& td.${NOWRAP}`]: { whiteSpace: 'nowrap' },
  '& td.MuiTableCell-alignRight': { fontVariantNumeric: 'tabular-nums' },
} as const;

/**
 * Search, filters, sort and page live in the URL, so that a reload or a shared link shows the same page. Create,
 * Export and the bulk actions (with the rows' checkboxes) show for an admin whose role may use them.
 */
/**
 * The bulk buttons (lazily loaded) once a row is selected: react-admin's toolbar renders them, hidden, with the first
 * rows, where their loading would hold the table back (React waits a moment for a boundary that suspends as it mounts).
 */
const WhenSelected = ({ children }: { children: ReactNode }) => {
  const { selectedIds } = useListContext();
  return selectedIds.length > 0 ? <Suspense fallback={null}>{children}</Suspense> : null;
};

export const ResourceList = <RecordType extends RaRecord = RaRecord>({
  title,
  create,
  resettable,
  actions,
  emptyText,
  rowClick,
  bulkActions,
  compact,
  children,
  ...listProps
}: ResourceListProps<RecordType>) => {
  const small = useIsSmallScreen();
  const resource = useResourceContext(listProps);
  const { canAccess: canBulk } = useCanAccess({ resource, action: 'bulk' });
  const endpoint = resource ? resourceEndpoint(resource) : undefined;
  const createPath = useCreatePath();
  const recordPath = rowClick === false ? undefined : (rowClick ?? ((id: Identifier) => createPath({ resource, id, type: 'edit' })));
  const empty = emptyText ? <EmptyText text={emptyText} /> : <></>;
  const compactRows = small && compact !== undefined;
  const sortFields = compactRows ? sortFieldsOf(children) : [];
  const columns = listColumnsOf(children);
  const choosable = !compactRows && resource !== undefined && columns.length >= WIDE_LIST_COLUMNS;
  const [hidden] = useHiddenColumns(resource ?? '');
  // Only a table with the chooser hides: a column hidden when the list was wider comes back with no way to show it.
  const shownColumns = choosable ? Children.toArray(children).filter((field) => !hidden.includes(columnKeyOf(field) ?? '')) : children;
  // Rows per page: every list's search takes its page size (`limit`); the spec's 10 by default.
  const perPageChoices = endpoint ? PER_PAGE_CHOICES : undefined;
  // Read once: the URL's perPage (a shared link) and react-admin's store (this visit's choice) come before it.
  const [perPage] = useState(() => (perPageChoices ? rememberedPerPage(resource) : PAGE_SIZE));
  return (
    <List
      title={title}
      perPage={perPage}
      sort={endpoint?.listOpening?.sort}
      pagination={<Paginator perPageChoices={perPageChoices} />}
      actions={
        <TopToolbar sx={{ flexWrap: 'wrap' }}>
          {sortFields.length > 0 && (
            <Suspense fallback={null}>
              <SortMenu fields={sortFields} />
            </Suspense>
          )}
          {choosable && <ColumnChooser list={resource} columns={columns} />}
          {actions}
          {endpoint?.api.exports !== false && (
            <CanAccess action="export">
              <ServerExportButton />
            </CanAccess>
          )}
          {resettable && <ResetFiltersButton />}
          {create && <CanAccess action="create">{create}</CanAccess>}
        </TopToolbar>
      }
      exporter={false}
      empty={false}
      {...listProps}
    >
      {compactRows ? (
        <CompactList row={compact} recordPath={recordPath} empty={empty} />
      ) : (
        <Datagrid
          rowClick={recordPath ?? false}
          body={recordPath ? keyboardRowsBody : undefined}
          sx={{ ...keyboardRowsSx, ...dailyColumnsSx, '& .RaDatagrid-tableWrapper': { overflowX: 'auto' } }}
          bulkActionButtons={bulkActions && canBulk ? <WhenSelected>{bulkActions}</WhenSelected> : false}
          empty={empty}
        >
          {dailyColumns(shownColumns)}
        </Datagrid>
      )}
    </List>
  );
};
