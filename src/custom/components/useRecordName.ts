import { useCallback } from 'react';
import { useGetRecordRepresentation, type RaRecord } from 'react-admin';
import { defaultRecordName, shortText } from './recordTitle';

/** A record's name as react-admin represents it (the resource's `recordRepresentation`), on one line; else its name, title or email. */
export function useRecordName(resource: string | undefined): (record: RaRecord | undefined) => string {
  const represent = useGetRecordRepresentation(resource);
  return useCallback(
    (record) => {
      if (!record) return '';
      const represented: unknown = represent(record);
      // react-admin's last resort is '#{id}', which names nothing an admin reads.
      const text = typeof represented === 'string' || typeof represented === 'number' ? shortText(String(represented)) : '';
      return text && !text.startsWith('#') ? text : defaultRecordName(record);
    },
    [represent],
  );
}
