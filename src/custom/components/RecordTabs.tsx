import { Box, Tab, Tabs } from '@mui/material';
import { useId, type ReactNode } from 'react';
import { Navigate, Link as RouterLink, useParams } from 'react-router-dom';
import { useIsSmallScreen } from './useIsSmallScreen';
import { useRecordPath } from './useRecordPath';

export interface RecordTab {
  label: string;
  content: ReactNode;
  /** Stays mounted (hidden) while another tab is open, so that the form's unsaved edits survive; other tabs load on opening. */
  keepMounted?: boolean;
  /**
   * How many records the tab lists, beside its label; null while it is counted, its pill kept empty so that no tab
   * moves when it comes. The tab's name stays its label (the summary says the counts).
   */
  count?: number | null;
}

/** A tab's label with its count, the count in a small pill (GitHub's and Linear's counters). */
const TabLabel = ({ label, count }: Pick<RecordTab, 'label' | 'count'>) =>
  count === undefined ? (
    label
  ) : (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      {label}
      <Box
        component="span"
        aria-hidden
        data-testid={`tab-count-${tabSegment(label)}`}
        sx={{
          px: 0.75,
          borderRadius: 5,
          bgcolor: 'action.selected',
          color: 'text.primary',
          fontSize: '0.75rem',
          lineHeight: 1.6,
          minWidth: '2.6em',
          minHeight: '1.6em',
          textAlign: 'center',
        }}
      >
        {count?.toLocaleString('fr-FR')}
      </Box>
    </Box>
  );

/** A tab's segment of the address: 'Raw Data' → `raw-data`; the first tab has none (the record's bare address). */
export const tabSegment = (label: string): string => label.toLowerCase().replace(/\s+/g, '-');

/**
 * The open tab is in the address, so that a reload or a shared link opens it. Switching tabs replaces the address:
 * Back leaves the record for the list it came from instead of walking back through every tab seen.
 */
export const RecordTabs = ({ tabs }: { tabs: RecordTab[] }) => {
  const recordPath = useRecordPath();
  const segment = useParams()['*'] ?? '';
  const idPrefix = useId();
  const small = useIsSmallScreen();
  const found = tabs.findIndex((tab, index) => (index === 0 ? segment === '' : tabSegment(tab.label) === segment));
  if (found < 0) return <Navigate to={recordPath} replace />;
  const hrefOf = (index: number, label: string) => (index === 0 ? recordPath : `${recordPath}/${tabSegment(label)}`);
  const tabId = (index: number) => `${idPrefix}-tab-${index}`;
  const panelId = (index: number) => `${idPrefix}-panel-${index}`;
  return (
    <Box>
      <Tabs
        value={found}
        variant="scrollable"
        // Always there on a phone, where the tabs overflow: appearing once measured, they would push the tabs aside.
        scrollButtons={small ? true : 'auto'}
        allowScrollButtonsMobile
        aria-label="Record sections"
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map((tab, index) => (
          <Tab
            key={tab.label}
            label={<TabLabel label={tab.label} count={tab.count} />}
            component={RouterLink}
            to={hrefOf(index, tab.label)}
            replace
            id={tabId(index)}
            aria-controls={panelId(index)}
          />
        ))}
      </Tabs>
      {tabs.map((tab, index) =>
        index === found || tab.keepMounted ? (
          <Box key={tab.label} role="tabpanel" id={panelId(index)} aria-labelledby={tabId(index)} hidden={index !== found} sx={{ pt: 1 }}>
            {tab.content}
          </Box>
        ) : null,
      )}
    </Box>
  );
};
