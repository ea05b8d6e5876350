import { messages } from '../../shared/catalogue/messages';

/** How one react-admin resource speaks to the API: its path, the spec's failure texts, its quirks. */
export interface ResourceApi {
  /** API path of the resource (spec §7), e.g. `/admin`. */
  path: string;
  /** Spec §8 fallbacks, shown when the server gives no code. */
  errors: { list: string; one: string; create: string; update: string; delete: string };
  /** Whether the search call takes `sort` ({field: 1|-1}). */
  sortable: boolean;
  /** Console filter names that the API spells differently (spec §7: offers take `domain_activity`). */
  filterNames?: Record<string, string>;
  /** The field of the search answer that holds the rows, when not `data` (spec §7: rooms answer `rooms`). */
  listKey?: string;
  /** Whether the search call also takes `limit` (spec §7: rooms do). */
  sendsLimit?: boolean;
  /**
   * A list that lives under a parent record: the search goes to `{parent.path}/{id}{path}/search`,
   * the id taken from the filter `parent.filter` (the ledger: POST /company/{id}/credit/search).
   */
  parent?: { path: string; filter: string };
  /** The record's `{product}_balance` changes only through the ledger: updates never send it. */
  ledgerBalance?: boolean;
}

const readOnlyErrors: ResourceApi['errors'] = {
  list: messages.failure.generic,
  one: messages.failure.generic,
  create: messages.failure.generic,
  update: messages.failure.generic,
  delete: messages.failure.generic,
};

/** Console resource name (= the route of spec §2) → API. Later resources add one entry each. */
export const resourceApis = {
  admin: {
    path: '/admin',
    errors: {
      list: messages.load.admins,
      one: messages.load.admin,
      create: messages.failure.createAdmin,
      update: messages.failure.update,
      delete: messages.failure.generic,
    },
    sortable: false,
  },
  company: {
    path: '/company',
    errors: {
      list: messages.load.companies,
      one: messages.load.company,
      create: messages.failure.createCompany,
      update: messages.failure.update,
      delete: messages.failure.generic,
    },
    sortable: true,
    ledgerBalance: true,
  },
  user: {
    path: '/user',
    errors: {
      list: messages.load.users,
      one: messages.load.user,
      create: messages.failure.generic,
      update: messages.failure.update,
      delete: messages.failure.generic,
    },
    sortable: false,
  },
  offer: {
    path: '/offer',
    errors: {
      list: messages.load.offers,
      one: messages.load.offer,
      create: messages.failure.createOffer,
      update: messages.failure.update,
      delete: messages.failure.generic,
    },
    sortable: true,
    filterNames: { activity_domain: 'domain_activity' },
  },
  need: {
    path: '/need',
    errors: {
      list: messages.load.needs,
      one: messages.load.need,
      create: messages.failure.createNeed,
      update: messages.failure.update,
      delete: messages.failure.generic,
    },
    sortable: true,
  },
  /** The Messages screen lists rooms (spec §2 /message → POST /room/search). */
  message: {
    path: '/room',
    errors: {
      list: messages.failure.generic,
      one: messages.failure.generic,
      create: messages.failure.generic,
      update: messages.failure.update,
      delete: messages.failure.generic,
    },
    sortable: false,
    listKey: 'rooms',
    sendsLimit: true,
  },
  /** A company's credit ledger, newest first (read only). */
  credit_entry: {
    path: '/credit',
    parent: { path: '/company', filter: 'company_id' },
    errors: readOnlyErrors,
    sortable: false,
  },
  /** The audit trail, newest first (read only). */
  audit_event: {
    path: '/audit',
    errors: readOnlyErrors,
    sortable: false,
  },
} satisfies Record<string, ResourceApi>;

export type ResourceName = keyof typeof resourceApis;

export function resourceApi(resource: string): ResourceApi {
  const api: ResourceApi | undefined = (resourceApis as Record<string, ResourceApi>)[resource];
  if (!api) throw new Error(`Unknown resource: ${resource}`);
  return api;
}
