import type { ReactNode } from 'react';
import { Datagrid, List, SearchInput, TopToolbar, type DatagridProps, type ListProps } from 'react-admin';
import { PAGE_SIZE } from '../../../shared/catalogue/pagination';
import { DomainSelect, SubDomainSelect } from './DomainSelects';
import { EmptyText } from './EmptyText';
import { Paginator } from './Paginator';
import { ResetFiltersButton } from './ResetFiltersButton';

export const searchFilter = <SearchInput key="search" source="search" alwaysOn placeholder="Search" />;
/** The activity-domain filter and its dependent sub-domain filter. */
export const domainFilters = [
  <DomainSelect key="activity_domain" source="activity_domain" alwaysOn />,
  <SubDomainSelect key="sub_activity_domain" source="sub_activity_domain" alwaysOn />,
];

export interface ResourceListProps extends Omit<ListProps, 'children' | 'actions'> {
  title: string;
  /** The create modal, if the list has one. */
  create?: ReactNode;
  /** Whether the list has the reset-filters button (companies, offers and needs have it). */
  resettable?: boolean;
  /** Extra actions, before the reset and create buttons. */
  actions?: ReactNode;
  /** The list's own empty-result text; the paginator says 'No data found' in any case. */
  emptyText?: string;
  rowClick?: DatagridProps['rowClick'];
  children: ReactNode;
}

/**
 * The list screen: 10 a page with the shared paginator, search and filters (any change
 * returns to page 1, as react-admin's list controller does), a row opens the record.
 */
export const ResourceList = ({ title, create, resettable, actions, emptyText, rowClick = 'edit', children, ...listProps }: ResourceListProps) => (
  <List
    title={title}
    perPage={PAGE_SIZE}
    pagination={<Paginator />}
    actions={
      <TopToolbar>
        {actions}
        {resettable && <ResetFiltersButton />}
        {create}
      </TopToolbar>
    }
    exporter={false}
    empty={false}
    {...listProps}
  >
    <Datagrid rowClick={rowClick} bulkActionButtons={false} empty={emptyText ? <EmptyText text={emptyText} /> : <></>}>
      {children}
    </Datagrid>
  </List>
);
