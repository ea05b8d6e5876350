import { AutocompleteInput, ReferenceInput, SelectInput } from 'react-admin';
import { AUDIT_ACTIONS, AUDIT_ACTION_LABELS, AUDIT_ENTITIES, AUDIT_ENTITY_LABELS } from '../../../shared/catalogue/audit';
import { DayInput } from '../components/DayInput';
import { ResourceList } from '../components/ResourceList';
import { auditCompactRow } from './auditCompactRow';
import { AuditActionField, AuditAdminField, AuditChangesField, AuditDateField, AuditRecordField } from './AuditFields';
import { endOfDay, startOfDay } from './dayBounds';

const ENTITY_CHOICES = AUDIT_ENTITIES.map((entity) => ({ id: entity, name: AUDIT_ENTITY_LABELS[entity] }));
const ACTION_CHOICES = AUDIT_ACTIONS.map((action) => ({ id: action, name: AUDIT_ACTION_LABELS[action] }));

/** Admin, entity, action, and a range of days (from the start of the first to the end of the last). */
const auditFilters = [
  <ReferenceInput key="admin_id" source="admin_id" reference="admin" alwaysOn>
    <AutocompleteInput label="Admin" optionText="name" filterToQuery={(search: string) => ({ search })} sx={{ minWidth: 220 }} />
  </ReferenceInput>,
  <SelectInput key="entity" source="entity" label="Entity" choices={ENTITY_CHOICES} alwaysOn />,
  <SelectInput key="action" source="action" label="Action" choices={ACTION_CHOICES} alwaysOn />,
  <DayInput key="from" source="from" label="From" parse={startOfDay} alwaysOn />,
  <DayInput key="to" source="to" label="To" parse={endOfDay} alwaysOn />,
];

/** The whole audit trail, newest first; a record that still exists is one click away. */
export const AuditPage = () => (
  <ResourceList resource="audit_event" title="Audit" filters={auditFilters} resettable rowClick={false} emptyText="No event found." compact={auditCompactRow}>
    <AuditDateField label="Date" />
    <AuditAdminField label="Admin" />
    <AuditActionField label="Action" />
    <AuditRecordField label="Record" />
    <AuditChangesField label="Changes" />
  </ResourceList>
);
