import { useMemo } from 'react';
import { fieldsIn } from '../../../shared/entities/fields';
import { LazyBulkDeleteButton } from '../components/lazyListPowerTools';
import { ResourceList } from '../components/ResourceList';
import { DerivedCreate } from './DerivedCreate';
import { fieldColumns } from './fieldColumns';
import { fieldCompactRow } from './fieldCompactRow';
import { fieldFilters } from './fieldFilters';
import { useFieldScreens } from './fieldScreensContext';

/** `/{name}`: the declared columns, search and filters, the phone's rows, Create, Export and bulk delete as the role may. */
export const DerivedList = () => {
  const { entity, title, empty, cells } = useFieldScreens();
  const { filters, columns, compact } = useMemo(
    () => ({ filters: fieldFilters(entity), columns: fieldColumns(entity, cells), compact: fieldCompactRow(entity) }),
    [entity, cells],
  );
  return (
    <ResourceList
      title={title}
      filters={filters}
      resettable={fieldsIn(entity, 'filter').length > 0}
      create={<DerivedCreate />}
      bulkActions={<LazyBulkDeleteButton plural={entity.plural.toLowerCase()} />}
      emptyText={empty}
      compact={compact}
    >
      {columns}
    </ResourceList>
  );
};
