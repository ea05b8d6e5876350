import { AccessDenied, CanAccess, Show, useCanAccess, useRecordContext, type RaRecord } from 'react-admin';
import type { ReactNode } from 'react';
import { HistoryTab } from '../audit/HistoryTab';
import { RawDataTab } from '../components/RawDataTab';
import { RecordSkeleton } from '../components/RecordSkeleton';
import { RecordTabs, type RecordTab } from '../components/RecordTabs';
import { RecordPresence } from '../components/presence/RecordPresence';
import { recordPageTitle } from '../components/recordTitle';
import { useLoadFailure } from '../components/useLoadFailure';
import { useSectionLabel } from '../components/useSectionLabel';

export interface RecordShowProps {
  /** The Information tab: the record as text. */
  information: ReactNode;
  nameOf: (record: RaRecord) => string;
  /** Shown above the tabs (a company's name, creation date and balance badge), as on RecordEdit. */
  header?: ReactNode;
  /** Tabs between Information and History, as on RecordEdit (a company's users, comments…). */
  extraTabs?: RecordTab[];
}

const RecordShowTitle = ({ nameOf }: Pick<RecordShowProps, 'nameOf'>) => {
  const record = useRecordContext();
  return <>{recordPageTitle(record ? nameOf(record) : '', useSectionLabel())}</>;
};

/** A wide line scrolls in its own box on a phone instead of widening the page, as on RecordEdit. */
const FIT_THE_SCREEN = { width: 0, minWidth: '100%', '& .RaShow-main, & .RaShow-card': { minWidth: 0 } };

/**
 * The record page of an admin who may read the record and not update it: RecordEdit's page (its title, presence and
 * tabs, History as the role may list the audit trail, Raw Data) with the record as text instead of a form. Its
 * toolbar has react-admin's Edit button, shown only to a role that may edit.
 */
export const RecordShow = (props: RecordShowProps) => (
  <CanAccess action="show" accessDenied={<AccessDenied />}>
    <RecordShowPage {...props} />
  </CanAccess>
);

const RecordShowPage = ({ information, nameOf, header, extraTabs = [] }: RecordShowProps) => {
  const { canAccess: canReadHistory } = useCanAccess({ resource: 'audit_event', action: 'list' });
  return (
    <Show
      // The `show` access was checked above; the session by the layout.
      disableAuthentication
      title={<RecordShowTitle nameOf={nameOf} />}
      queryOptions={useLoadFailure()}
      sx={FIT_THE_SCREEN}
      render={({ record }) =>
        record && canReadHistory !== undefined ? (
          <>
            <RecordPresence />
            {header}
            <RecordTabs
              tabs={[
                { label: 'Information', content: information },
                ...extraTabs,
                ...(canReadHistory ? [{ label: 'History', content: <HistoryTab /> }] : []),
                { label: 'Raw Data', content: <RawDataTab /> },
              ]}
            />
          </>
        ) : (
          <RecordSkeleton />
        )
      }
    />
  );
};
