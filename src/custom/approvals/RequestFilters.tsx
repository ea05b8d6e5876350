import PersonIcon from '@mui/icons-material/Person';
import { Tab, Tabs, ToggleButton } from '@mui/material';
import { useGetIdentity, useListContext } from 'react-admin';
import type { CreditRequestStatus } from '../../../shared/catalogue/creditRequests';
import { REQUEST_TABS } from './approvalTexts';

/** What react-admin's filter form reads of a filter element: its source, shown at all times. */
interface FilterElementProps {
  source: string;
  alwaysOn: true;
}

/** The status chosen in the list's filters, when it is one of the tabs'. */
export const useChosenStatus = (): CreditRequestStatus | undefined => {
  const { filterValues } = useListContext();
  return REQUEST_TABS.find((tab) => tab.status === filterValues.status)?.status;
};

/** The list's status filter as tabs (the react-admin demo's orders): a tab sets it at once, from the first page. */
export const StatusTabs = (_props: FilterElementProps) => {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const status = useChosenStatus();
  return (
    <Tabs
      value={status ?? false}
      onChange={(_event, value: CreditRequestStatus) => setFilters({ ...filterValues, status: value }, displayedFilters)}
      variant="scrollable"
      allowScrollButtonsMobile
      aria-label="Status"
    >
      {REQUEST_TABS.map((tab) => (
        <Tab key={tab.status} value={tab.status} label={tab.label} />
      ))}
    </Tabs>
  );
};

/** The signed-in admin's own requests only (Atomic CRM's "Me" filter): the requester follows what became of them. */
export const MineFilter = (_props: FilterElementProps) => {
  const { identity } = useGetIdentity();
  const { filterValues, setFilters, displayedFilters } = useListContext();
  if (!identity) return null;
  const me = String(identity.id);
  const selected = filterValues.requested_by === me;
  const toggle = () => {
    const { requested_by: _requester, ...others } = filterValues as Record<string, unknown>;
    setFilters(selected ? others : { ...others, requested_by: me }, displayedFilters);
  };
  return (
    <ToggleButton value="mine" selected={selected} onChange={toggle} size="small" color="primary" sx={{ gap: 0.5, mb: 0.5 }}>
      <PersonIcon fontSize="small" />
      Mine
    </ToggleButton>
  );
};
