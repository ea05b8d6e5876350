import { useCreatePath, useResourceContext } from 'react-admin';
import { useParams } from 'react-router-dom';

/** The bare address of the record page on screen, e.g. `/company/{id}`: its first tab, and the root of its other tabs. */
export function useRecordPath(): string {
  const createPath = useCreatePath();
  const resource = useResourceContext();
  const { id } = useParams();
  return createPath({ resource, id, type: 'edit' });
}
