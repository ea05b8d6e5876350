import { isSubDomainOf } from '../../shared/catalogue/domains';
import { ValidationError } from './validation';

export function checkDomainPair(domain: string | null | undefined, subDomain: string | null | undefined): void {
  if (subDomain && (!domain || !isSubDomainOf(domain, subDomain))) {
    throw new ValidationError({ sub_activity_domain: 'not a sub-domain of the activity domain' });
  }
}

/** The new value when given, else the stored one. */
export const afterUpdate = <Value>(next: Value | undefined, current: Value): Value => (next !== undefined ? next : current);
