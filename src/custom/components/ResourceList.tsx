import { Children, isValidElement, lazy, Suspense, type ReactNode } from 'react';
import { Datagrid, List, SearchInput, TopToolbar, useCreatePath, useResourceContext, type Identifier, type ListProps, type RaRecord } from 'react-admin';
import { PAGE_SIZE } from '../../../shared/catalogue/pagination';
import { resourceEndpoint } from '../../resources/endpoints';
import { CompactList, type CompactRow } from './CompactList';
import { DomainSelect, SubDomainSelect } from './DomainSelects';
import { EmptyText } from './EmptyText';
import { keyboardRowsBody, keyboardRowsSx } from './KeyboardRows';
import { Paginator } from './Paginator';
import { loadSortMenu } from './phoneListParts';
import { ResetFiltersButton } from './ResetFiltersButton';
import { ServerExportButton } from './ServerExportButton';
import type { SortField } from './SortMenu';
import { useIsSmallScreen } from './useIsSmallScreen';

/** The phone's sort menu loads only on a phone, like the compact rows. */
const SortMenu = lazy(async () => ({ default: (await loadSortMenu()).SortMenu }));

export const searchFilter = <SearchInput key="search" source="search" alwaysOn placeholder="Search" />;
/** The activity-domain filter and its dependent sub-domain filter. */
export const domainFilters = [
  <DomainSelect key="activity_domain" source="activity_domain" alwaysOn />,
  <SubDomainSelect key="sub_activity_domain" source="sub_activity_domain" alwaysOn />,
];

/** No `sort`: a list opens in its endpoint's `listOpening` order, the one the page's entry sends its first search in. */
export interface ResourceListProps<RecordType extends RaRecord = RaRecord> extends Omit<ListProps, 'children' | 'actions' | 'sort'> {
  title: string;
  /** The create modal, if the list has one. */
  create?: ReactNode;
  /** Whether the list has the reset-filters button (companies, offers and needs have it). */
  resettable?: boolean;
  /** Extra actions, before the reset and create buttons. */
  actions?: ReactNode;
  /** The list's own empty-result text; the paginator says 'No data found' in any case. */
  emptyText?: string;
  /** Where a row leads (the record's page by default); `false` for rows that open nothing. */
  rowClick?: ((id: Identifier) => string) | false;
  /**
   * The buttons over the selected rows (lazy ones, see lazyListPowerTools); without them the table has no
   * selection. The phone's compact rows have none.
   */
  bulkActions?: ReactNode;
  /** The phone layout's row; without it the table stays, scrolling inside its card on a phone. */
  compact?: CompactRow<RecordType>;
  /** The table's columns (react-admin fields); the sortable ones are the phone's sort choices. */
  children: ReactNode;
}

/** The columns the table sorts by (a `source`, not `sortable={false}`), under their column labels. */
const sortFieldsOf = (columns: ReactNode): SortField[] =>
  Children.toArray(columns).flatMap((column) => {
    if (!isValidElement<{ source?: unknown; label?: unknown; sortable?: unknown }>(column)) return [];
    const { source, label, sortable } = column.props;
    return typeof source === 'string' && typeof label === 'string' && sortable !== false ? [{ source, label }] : [];
  });

/**
 * The list screen: 10 a page in the resource's declared order with the shared paginator, search and filters (any change
 * returns to page 1, as react-admin's list controller does), a row opens the record by
 * click or by keyboard. Search, filters, sort and page live in the URL (react-admin's
 * `?filter=…&sort=…&order=…&page=…`), so a reload or a shared link shows the same page.
 * On a phone the rows are compact and a menu replaces the sorting headers. 'Export' downloads the whole
 * filtered result; the table's rows can be selected for the list's bulk actions.
 */
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
  const createPath = useCreatePath();
  const recordPath = rowClick === false ? undefined : (rowClick ?? ((id: Identifier) => createPath({ resource, id, type: 'edit' })));
  const empty = emptyText ? <EmptyText text={emptyText} /> : <></>;
  const sortFields = small && compact ? sortFieldsOf(children) : [];
  return (
    <List
      title={title}
      perPage={PAGE_SIZE}
      sort={resource ? resourceEndpoint(resource).listOpening?.sort : undefined}
      pagination={<Paginator />}
      actions={
        <TopToolbar sx={{ flexWrap: 'wrap' }}>
          {sortFields.length > 0 && (
            <Suspense fallback={null}>
              <SortMenu fields={sortFields} />
            </Suspense>
          )}
          {actions}
          <ServerExportButton />
          {resettable && <ResetFiltersButton />}
          {create}
        </TopToolbar>
      }
      exporter={false}
      empty={false}
      {...listProps}
    >
      {small && compact ? (
        <CompactList row={compact} recordPath={recordPath} empty={empty} />
      ) : (
        <Datagrid
          rowClick={recordPath ?? false}
          body={recordPath ? keyboardRowsBody : undefined}
          sx={{ ...keyboardRowsSx, '& .RaDatagrid-tableWrapper': { overflowX: 'auto' } }}
          bulkActionButtons={bulkActions ? <Suspense fallback={null}>{bulkActions}</Suspense> : false}
          empty={empty}
        >
          {children}
        </Datagrid>
      )}
    </List>
  );
};
