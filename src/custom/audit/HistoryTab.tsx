import { Datagrid, ReferenceManyField, useResourceContext } from 'react-admin';
import { PAGE_SIZE } from '../../../shared/catalogue/pagination';
import { Paginator } from '../components/Paginator';
import { ScrollRegion } from '../components/ScrollRegion';
import { AuditActionField, AuditAdminField, AuditChangesField, AuditDateField } from './AuditFields';

/** A record page's History tab: the record's audit events, newest first (its resource is the entity). */
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
