import { lazy, Suspense, type ReactNode } from 'react';
import { useListContext, type Identifier, type RaRecord } from 'react-admin';

/** The rows' components load only where they are shown: on a phone (a large screen never needs them). */
const CompactRows = lazy(async () => ({ default: (await import('./CompactRows')).CompactRows }));

/** What a compact row shows of its record. */
export interface CompactRow<RecordType extends RaRecord> {
  primary: (record: RecordType) => ReactNode;
  secondary?: (record: RecordType) => ReactNode;
  /** Shown at the end of the primary line (a date, an amount). */
  tertiary?: (record: RecordType) => ReactNode;
  avatar?: (record: RecordType) => ReactNode;
  /** A button beside the row (read from the record context), such as 'Login as'. */
  action?: ReactNode;
}

export interface CompactListProps<RecordType extends RaRecord> {
  row: CompactRow<RecordType>;
  /** Where a row leads; without it the rows are plain text. */
  recordPath?: (id: Identifier) => string;
  empty: ReactNode;
}

/** The phone layout of a list: one compact row per record instead of a table's columns. */
export const CompactList = <RecordType extends RaRecord>({ row, recordPath, empty }: CompactListProps<RecordType>) => {
  const { data, isPending } = useListContext<RecordType>();
  if (isPending || !data) return null;
  if (data.length === 0) return <>{empty}</>;
  const items = data.map((record) => ({
    record,
    path: recordPath?.(record.id),
    avatar: row.avatar?.(record),
    primary: row.primary(record),
    secondary: row.secondary?.(record),
    tertiary: row.tertiary?.(record),
  }));
  return (
    <Suspense fallback={null}>
      <CompactRows items={items} action={row.action} />
    </Suspense>
  );
};

/** The given parts of a compact line, ' · ' between them; the empty ones are left out. */
export const joined = (...parts: (string | null | undefined)[]): string => parts.filter((part) => part).join(' · ');
