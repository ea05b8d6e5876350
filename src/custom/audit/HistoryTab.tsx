import { Datagrid, ReferenceManyField, useResourceContext } from 'react-admin';
import { PAGE_SIZE } from '../../../shared/catalogue/pagination';
import { Paginator } from '../components/Paginator';
import { ScrollRegion } from '../components/ScrollRegion';
import { AuditActionField, AuditAdminField, AuditChangesField, AuditDateField } from './AuditFields';

/**
 * The History tab of a record page: the audit events of this record (its resource is the entity),
 * newest first, 10 a page: when, who, what, and each field before → after.
 */
export const HistoryTab = () => {
  const entity = useResourceContext();
  return (
    <ReferenceManyField reference="audit_event" target="entity_id" filter={{ entity }} perPage={PAGE_SIZE} pagination={<Paginator />}>
      <ScrollRegion label="History">
        <Datagrid bulkActionButtons={false} rowClick={false} empty={<></>}>
          <AuditDateField label="Date" />
          <AuditAdminField label="Admin" />
          <AuditActionField label="Action" />
          <AuditChangesField label="Changes" />
        </Datagrid>
      </ScrollRegion>
    </ReferenceManyField>
  );
};
