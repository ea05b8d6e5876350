import { Alert, Avatar, AvatarGroup, Button, Stack, Tooltip, Typography } from '@mui/material';
import { useRecordContext, useRefresh, useResourceContext } from 'react-admin';
import { AUDIT_ENTITY_LABELS, type AuditEntity } from '../../../../shared/catalogue/audit';
import { messages, savedByAnother } from '../../../../shared/catalogue/messages';
import { isPresenceResource } from '../../../../shared/catalogue/presence';
import { useRecordPresence } from './useRecordPresence';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');

/** The other admins who have the record open and, when one saves it, who did, with Reload (the form keeps what it must, as after any reload). */
export const RecordPresence = () => {
  const resource = useResourceContext() ?? '';
  const record = useRecordContext();
  if (!isPresenceResource(resource) || !record) return null;
  return <PresenceNotice resource={resource} id={record.id} noun={(AUDIT_ENTITY_LABELS[resource as AuditEntity] ?? resource).toLowerCase()} />;
};

const PresenceNotice = ({ resource, id, noun }: { resource: string; id: string | number; noun: string }) => {
  const { viewers, saved, dismiss } = useRecordPresence(resource, id);
  const refresh = useRefresh();
  if (!viewers.length && !saved) return null;
  return (
    <Stack spacing={1} sx={{ px: 2, pt: 2 }} data-testid="record-presence">
      {viewers.length > 0 && (
        <Stack direction="row" spacing={1} alignItems="center">
          <AvatarGroup max={4} sx={{ '& .MuiAvatar-root': { width: 28, height: 28, fontSize: 13, bgcolor: 'primary.main', color: 'primary.contrastText' } }}>
            {viewers.map((viewer) => (
              <Tooltip key={viewer.admin_id} title={viewer.name}>
                <Avatar role="img">{initials(viewer.name)}</Avatar>
              </Tooltip>
            ))}
          </AvatarGroup>
          <Typography variant="body2" color="text.secondary">
            {messages.conflict.alsoHere} {viewers.map((viewer) => viewer.name).join(', ')}
          </Typography>
        </Stack>
      )}
      {saved && (
        <Alert
          severity="info"
          role="status"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                dismiss();
                refresh();
              }}
            >
              {messages.conflict.reload}
            </Button>
          }
        >
          {savedByAnother(saved.name ?? messages.conflict.anotherAdmin, noun)}
        </Alert>
      )}
    </Stack>
  );
};
