import type { CompanySummary } from '../../../shared/contract/companies';
import type { RecordTab } from '../../custom/components/RecordTabs';
import { CompanyCommentsTab } from './CompanyCommentsTab';
import { CompanyCreditsTab } from './CompanyCreditsTab';
import { CompanySyncTab } from './CompanySyncTab';
import { CompanyUsersTab } from './CompanyUsersTab';

/** A count, null while the summary is asked, none when it could not be read. */
const countOf = ({ summary, unavailable }: { summary?: CompanySummary; unavailable: boolean }, key: 'users' | 'comments') =>
  summary ? summary[key] : unavailable ? undefined : null;

/** The company page's own tabs, to edit or to read, each with what it lists counted once the summary is in. */
export const companyTabs = (summary: { summary?: CompanySummary; unavailable: boolean }): RecordTab[] => [
  { label: 'Users', count: countOf(summary, 'users'), content: <CompanyUsersTab /> },
  { label: 'Comments', count: countOf(summary, 'comments'), content: <CompanyCommentsTab /> },
  { label: 'Sync', content: <CompanySyncTab /> },
  // Its ledger is paged, not counted: the requests waiting for approval are counted in the summary.
  { label: 'Credits', content: <CompanyCreditsTab /> },
];
