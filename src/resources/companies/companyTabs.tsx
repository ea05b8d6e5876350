import type { CompanySummary } from '../../../shared/contract/companies';
import type { RecordTab } from '../../custom/components/RecordTabs';
import { CompanyCommentsTab } from './CompanyCommentsTab';
import { CompanyCreditsTab } from './CompanyCreditsTab';
import { CompanySyncTab } from './CompanySyncTab';
import { CompanyUsersTab } from './CompanyUsersTab';

/** The company page's own tabs, to edit or to read, each with what it lists counted once the summary is in. */
export const companyTabs = (summary: CompanySummary | undefined): RecordTab[] => [
  { label: 'Users', count: summary?.users, content: <CompanyUsersTab /> },
  { label: 'Comments', count: summary?.comments, content: <CompanyCommentsTab /> },
  { label: 'Sync', content: <CompanySyncTab /> },
  // Its ledger is paged, not counted: the requests waiting for approval are counted in the summary.
  { label: 'Credits', content: <CompanyCreditsTab /> },
];
