import { Link } from '@mui/material';
import { useCreatePath, type RaRecord } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { ReferenceField } from '../../../shared/entities/fields';
import { resources } from '../../resources/endpoints';

/**
 * A reference by its linked record's name (the record carries it, no call), a link to that record's page when its
 * resource has one; in a table row, following the link does not also open the row.
 */
export const ReferenceLink = ({ name, field, record }: { name: string; field: ReferenceField; record: RaRecord }) => {
  const createPath = useCreatePath();
  const id: unknown = record[name];
  const text: unknown = record[field.nameKey];
  if (typeof text !== 'string' || text === '') return null;
  const linked = resources.find((resource) => resource.name === field.to);
  if (!linked?.edit || (typeof id !== 'string' && typeof id !== 'number')) return <>{text}</>;
  return (
    <Link component={RouterLink} to={createPath({ resource: field.to, id, type: 'edit' })} onClick={(event) => event.stopPropagation()}>
      {text}
    </Link>
  );
};
