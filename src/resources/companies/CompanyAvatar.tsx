import { Avatar } from '@mui/material';
import { useRecordContext } from 'react-admin';
import type { CompanyRecord } from '../../providers/records';

export const CompanyAvatar = ({ size = 36 }: { size?: number }) => {
  const record = useRecordContext<CompanyRecord>();
  if (!record) return null;
  const name = String(record.name ?? '');
  const logo = typeof record.logo_url === 'string' && record.logo_url ? record.logo_url : undefined;
  return (
    <Avatar src={logo} alt={logo ? name : undefined} sx={{ width: size, height: size }} variant="rounded">
      {name.trim().charAt(0).toUpperCase() || '?'}
    </Avatar>
  );
};
