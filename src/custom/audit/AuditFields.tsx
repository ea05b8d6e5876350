import { Box, Link, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { AUDIT_ACTION_LABELS } from '../../../shared/catalogue/audit';
import { formatShortDateTime } from '../../../shared/catalogue/dates';
import type { AuditEventRecord } from '../../providers/records';
import { auditChanges, auditSubject, type AuditChange, type AuditValue } from './auditSentences';

/** Datagrid columns of the audit trail; each reads the event of its row. `label` is read by the Datagrid header. */
interface ColumnProps {
  label: string;
}

export const AuditDateField = (_props: ColumnProps) => {
  const event = useRecordContext<AuditEventRecord>();
  return event ? <>{formatShortDateTime(event.created_at)}</> : null;
};

/** The admin's name as it was then; an event with no admin (a failed sign-in) says so. */
export const AuditAdminField = (_props: ColumnProps) => {
  const event = useRecordContext<AuditEventRecord>();
  if (!event) return null;
  return event.admin_name ? (
    <>{event.admin_name}</>
  ) : (
    <Typography component="span" variant="body2" color="text.secondary">
      No admin
    </Typography>
  );
};

export const AuditActionField = (_props: ColumnProps) => {
  const event = useRecordContext<AuditEventRecord>();
  return event ? <>{AUDIT_ACTION_LABELS[event.action] ?? event.action}</> : null;
};

/** A value of a sentence, a link when it names a record with a page. */
export const AuditValueText = ({ value }: { value: AuditValue }) =>
  value.to ? (
    <Link component={RouterLink} to={value.to}>
      {value.text}
    </Link>
  ) : (
    <>{value.text}</>
  );

/** One change: `Label: before → after`, or its value alone when the other side adds nothing. */
export const AuditChangeText = ({ change }: { change: AuditChange }) => (
  <>
    <strong>{change.label}</strong>: {change.before && <AuditValueText value={change.before} />}
    {change.before && change.after && ' → '}
    {change.after && <AuditValueText value={change.after} />}
  </>
);

/** The record, named as it was then, linked to its page while it exists; a deleted one says so. A session's event says what happened. */
export const AuditRecordField = (_props: ColumnProps) => {
  const event = useRecordContext<AuditEventRecord>();
  if (!event) return null;
  const { lead, name, deleted } = auditSubject(event);
  if (!name) return <>{lead}</>;
  const label = `${lead} ${name.text}`;
  if (name.to) {
    return (
      <Link component={RouterLink} to={name.to}>
        {label}
      </Link>
    );
  }
  return (
    <>
      {label}
      {deleted && (
        <Typography component="span" variant="body2" color="text.secondary">
          {' '}
          (deleted)
        </Typography>
      )}
    </>
  );
};

/** The changed fields, by their labels, each value as its screen shows it. */
export const AuditChangesField = (_props: ColumnProps) => {
  const event = useRecordContext<AuditEventRecord>();
  const changes = event ? auditChanges(event) : [];
  if (changes.length === 0) return null;
  return (
    <Box component="ul" aria-label="Changes" sx={{ m: 0, pl: 2, wordBreak: 'break-word' }}>
      {changes.map((change) => (
        <li key={change.field}>
          <AuditChangeText change={change} />
        </li>
      ))}
    </Box>
  );
};
