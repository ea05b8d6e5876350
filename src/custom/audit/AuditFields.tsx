import { Box, Link, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS } from '../../../shared/catalogue/audit';
import { formatShortDateTime } from '../../../shared/catalogue/dates';
import type { AuditEventRecord } from '../../providers/records';
import { changeLines, recordRoute } from './auditFormat';

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

/** The record, linked to its page while it exists; a deleted one says so. */
export const AuditRecordField = (_props: ColumnProps) => {
  const event = useRecordContext<AuditEventRecord>();
  if (!event) return null;
  const label = `${AUDIT_ENTITY_LABELS[event.entity] ?? event.entity}${event.entity_id ? ` ${event.entity_id}` : ''}`;
  const route = recordRoute(event);
  if (route) {
    return (
      <Link component={RouterLink} to={route}>
        {label}
      </Link>
    );
  }
  return (
    <>
      {label}
      {event.entity_id && !event.exists && (
        <Typography component="span" variant="body2" color="text.secondary">
          {' '}
          (deleted)
        </Typography>
      )}
    </>
  );
};

export const AuditChangesField = (_props: ColumnProps) => {
  const event = useRecordContext<AuditEventRecord>();
  const lines = changeLines(event?.changes ?? null);
  if (lines.length === 0) return null;
  return (
    <Box component="ul" aria-label="Changes" sx={{ m: 0, pl: 2, wordBreak: 'break-word' }}>
      {lines.map(({ field, before, after }) => (
        <li key={field}>
          <strong>{field}</strong>: {before} → {after}
        </li>
      ))}
    </Box>
  );
};
