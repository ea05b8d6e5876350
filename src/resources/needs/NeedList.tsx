import { FunctionField, SelectInput, TextField } from 'react-admin';
import { formatShortDateTime } from '../../../shared/catalogue/dates';
import { messages } from '../../../shared/catalogue/messages';
import { LazyBulkDeleteButton, LazyBulkNeedStatusButton } from '../../custom/components/lazyListPowerTools';
import { ResourceList, domainFilters, searchFilter } from '../../custom/components/ResourceList';
import { needFields } from '../../../shared/entities/needs';
import { enumChoices } from '../../custom/fields/fieldChoices';
import { NeedCreate } from './NeedCreate';
import type { NeedRecord } from '../../providers/records';

const filters = [
  searchFilter,
  <SelectInput key="emergency" source="emergency" label="Urgency" choices={enumChoices(needFields.fields.emergency)} alwaysOn />,
  ...domainFilters,
  // Not one of the list's own filters: shown only while a link (the dashboard's needs by status) sets it, with a way to remove it.
  <SelectInput key="status" source="status" label="Status" choices={enumChoices(needFields.fields.status)} />,
];

/** /need: the needs, with urgency and domain filters. */
export const NeedList = () => (
  <ResourceList<NeedRecord>
    title="Need"
    filters={filters}
    resettable
    create={<NeedCreate />}
    bulkActions={
      <>
        <LazyBulkNeedStatusButton />
        <LazyBulkDeleteButton plural="needs" />
      </>
    }
    emptyText={messages.empty.needs}
    compact={{
      primary: (need) => need.organisation_name,
      tertiary: (need) => need.emergency,
      secondary: (need) => (
        <>
          {need.description}
          <br />
          {formatShortDateTime(need.created_at)}
        </>
      ),
    }}
  >
    <TextField source="organisation_name" label="Organisation" />
    <TextField source="description" label="Description" />
    <TextField source="emergency" label="Urgency" />
    <FunctionField source="created_at" label="Created at" render={(need: NeedRecord) => formatShortDateTime(need.created_at)} />
  </ResourceList>
);
