import { useQuery } from '@tanstack/react-query';
import { useCanAccess, useDataProvider, type Identifier } from 'react-admin';
import type { CompanySummary } from '../../../shared/contract/companies';
import type { AdminDataProvider } from '../../providers/dataProvider';

/**
 * What hangs on the company, counted by the server in one call (GET /company/{id}/summary), for its page's summary and
 * tab counts; asked only of an admin who may read the company. A refresh (react-admin's) asks again, so an invitation
 * or a comment moves the counts.
 */
export function useCompanySummary(companyId: Identifier | undefined): { summary?: CompanySummary; unavailable: boolean } {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { canAccess } = useCanAccess({ resource: 'company', action: 'show' });
  const { data, isError } = useQuery({
    queryKey: ['company', 'getCompanySummary', { id: String(companyId) }],
    queryFn: () => dataProvider.getCompanySummary(companyId as Identifier),
    enabled: canAccess === true && companyId !== undefined,
    retry: false,
  });
  return { summary: data, unavailable: isError };
}
