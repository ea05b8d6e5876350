import { z } from 'zod';
import { NEED_STATUSES } from '../catalogue/needOptions';
import { needFields } from '../entities/needs';
import { sortKeysOf } from '../entities/fields';
import { versionedBulkIdsBody, versionsOfItsRows } from './bulk';
import { contractOf } from './fromFields';
import { activityDomainSchema, subActivityDomainSchema, withDomainPair } from './primitives';

const domains = { activity_domain: activityDomainSchema, sub_activity_domain: subActivityDomainSchema };

/** Derived from the declaration (shared/entities/needs.ts); the domain pair is the catalogue's own check. */
export const needContract = contractOf(needFields, {
  inputs: domains,
  refineCreate: (body) => withDomainPair(body as never, { domainRequired: true }),
  refineUpdate: (body) => withDomainPair(body as never),
});

export const needRecord = needContract.record;
export type Need = z.infer<typeof needRecord>;
export const NEED_SORT_KEYS = sortKeysOf(needFields);

export const needBulkStatusBody = versionsOfItsRows(versionedBulkIdsBody.extend({ status: z.enum(NEED_STATUSES) }));
