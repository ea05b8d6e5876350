import { lazy, Suspense, type ReactNode } from 'react';
import { useListContext, type Identifier, type RaRecord } from 'react-admin';
import { loadCompactRows, loadedCompactRows } from './phoneListParts';

/** Its download starts with the list's code, so that the rows render with the data: no commit with the paginator above no rows (a layout shift). */
const LazyRows = lazy(async () => ({ default: await loadCompactRows() }));

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

export const CompactList = <RecordType extends RaRecord>({ row, recordPath, empty }: CompactListProps<RecordType>) => {
  const { data, isPending } = useListContext<RecordType>();
  if (!loadedCompactRows) void loadCompactRows().catch(() => undefined);
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
  const Rows = loadedCompactRows ?? LazyRows;
  return (
    <Suspense fallback={null}>
      <Rows items={items} action={row.action} />
    </Suspense>
  );
};

/** The given parts of a compact line, ' · ' between them; the empty ones are left out. */
export const joined = (...parts: (string | null | undefined)[]): string => parts.filter((part) => part).join(' · ');
