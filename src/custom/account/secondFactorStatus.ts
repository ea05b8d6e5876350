import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AdminDataProvider } from '../../providers/dataProvider';

/** `GET /admin/mfa`'s one cache entry: the Security tab's sections and the step-up dialog read it, a change refreshes it. */
export const SECOND_FACTOR_KEY = ['account', 'secondFactor'];

export function useSecondFactorStatus() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  return useQuery({ queryKey: SECOND_FACTOR_KEY, queryFn: () => dataProvider.getSecondFactor() });
}
