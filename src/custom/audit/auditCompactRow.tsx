import { Fragment } from 'react';
import { RecordContextProvider } from 'react-admin';
import { formatShortDateTime } from '../../../shared/catalogue/dates';
import type { AuditEventRecord } from '../../providers/records';
import type { CompactRow } from '../components/CompactList';
import { AuditActionField, AuditAdminField, AuditChangeText, AuditRecordField } from './AuditFields';
import { auditChanges } from './auditSentences';

/** The audit trail on a phone. Text and line breaks only: the row's secondary line is a paragraph. */
export const auditCompactRow: CompactRow<AuditEventRecord> = {
  primary: (event) => (
    <RecordContextProvider value={event}>
      <AuditActionField label="Action" /> · <AuditRecordField label="Record" />
    </RecordContextProvider>
  ),
  tertiary: (event) => formatShortDateTime(event.created_at),
  secondary: (event) => (
    <RecordContextProvider value={event}>
      <AuditAdminField label="Admin" />
      {auditChanges(event).map((change) => (
        <Fragment key={change.field}>
          <br />
          <AuditChangeText change={change} />
        </Fragment>
      ))}
    </RecordContextProvider>
  ),
};
