import type { z } from 'zod';
import { adminRecord } from '../../shared/contract/admins';
import { auditEventRecord } from '../../shared/contract/audit';
import { companyDetailRecord } from '../../shared/contract/companies';
import { creditRequestRecord } from '../../shared/contract/creditRequests';
import { needRecord } from '../../shared/contract/needs';
import { offerRecord } from '../../shared/contract/offers';
import { userRecord } from '../../shared/contract/users';
import { toRecord, type ConsoleRecord } from '../../src/providers/records';

let sequence = 0;
const nextId = () => (sequence += 1).toString(16).padStart(24, '0');

/** Overrides in the console's shape: any contract field, and `id` instead of `_id`. */
type Overrides<Api extends { _id: string }> = Partial<ConsoleRecord<Api>>;

/**
 * A builder of console records checked by the contract's schema: defaults and overrides together must
 * be a valid answer of the API (a field renamed or dropped in the contract fails every test that builds
 * one), then `_id` becomes `id` as the data provider does it.
 */
function recordBuilder<Schema extends z.ZodType<{ _id: string }>>(schema: Schema, defaults: (id: string) => Omit<z.input<Schema>, '_id'>) {
  type Api = z.output<Schema>;
  return (overrides: Overrides<Api> = {}): ConsoleRecord<Api> => {
    const { id = nextId(), ...fields } = overrides;
    return toRecord(schema.parse({ _id: id, ...defaults(id), ...fields }) as Api);
  };
}

/** An admin record as react-admin sees it (after the data provider mapped `_id` to `id`). */
export const buildAdmin = recordBuilder(adminRecord, (id) => ({
  name: `Admin ${id.slice(-3)}`,
  email: `admin${id.slice(-3)}@example.com`,
  role: 'owner' as const,
  last_login_at: '2026-11-20T09:30:00.000Z',
  created_at: '2026-01-01T00:00:00.000Z',
  version: 1,
}));

/** A company as its page shows it: comments and last sync included, the balance as `credit_balance`. */
export const buildCompany = recordBuilder(companyDetailRecord, (id) => ({
  name: `Company ${id.slice(-3)}`,
  siret: '12345678901234',
  phone: null,
  email: null,
  street_number: null,
  route: null,
  city: 'Lyon',
  postal_code: '69002',
  country: 'France',
  activity_domain: 'Mobilier',
  sub_activity_domain: 'Rangement',
  description: null,
  legal_status: null,
  employees: null,
  turnover: null,
  creation_year: null,
  website: null,
  logo_url: null,
  is_test: false,
  organization_id: null,
  created_at: '2026-11-21T10:00:00.000Z',
  version: 1,
  credit_balance: 120,
  comments: [],
  last_sync: null,
}));

export const buildUser = recordBuilder(userRecord, (id) => ({
  name: `User ${id.slice(-3)}`,
  email: `user${id.slice(-3)}@example.com`,
  organisation_id: null,
  organisation_name: null,
  invited: false,
  last_login_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
  version: 1,
}));

export const buildOffer = recordBuilder(offerRecord, (id) => ({
  title: `Offer ${id.slice(-3)}`,
  description: 'Une offre',
  images: ['http://x.test/offer.png'],
  organisation_id: null,
  organisation_name: 'Studio Jade',
  organisation_logo: null,
  activity_domain: 'Mobilier',
  sub_activity_domain: 'Rangement',
  price: 100,
  unit: 'forfait',
  credit_ratio: 0.75,
  price_on_proposal: false,
  created_at: '2026-11-21T14:05:00.000Z',
  version: 1,
}));

export const buildNeed = recordBuilder(needRecord, (id) => ({
  organisation_id: null,
  organisation_name: 'Maison Quartz',
  activity_domain: null,
  sub_activity_domain: null,
  description: `Need ${id.slice(-3)}`,
  emergency: 'Maintenant',
  status: 'en cours',
  created_at: '2026-11-21T14:05:00.000Z',
  version: 1,
}));

/** An audit event as the console sees it. */
export const buildAuditEvent = recordBuilder(auditEventRecord, (id) => ({
  created_at: '2026-11-21T14:05:00.000Z',
  admin_id: 'a'.repeat(24),
  admin_name: 'Demo Admin',
  action: 'update' as const,
  entity: 'company' as const,
  entity_id: 'c'.repeat(24),
  changes: null,
  ip: '203.0.113.7',
  request_id: `req-${id.slice(-4)}`,
  exists: true,
}));

/** A pending credit request (four eyes) of 5 000 credits, asked an hour before 2026-11-21 15:05 UTC. */
export const buildCreditRequest = recordBuilder(creditRequestRecord, () => ({
  company_id: 'c'.repeat(24),
  company_name: 'Atelier Azur',
  amount: 5000,
  reason: 'Large order',
  status: 'pending' as const,
  requested_by: 'b'.repeat(24),
  requested_by_name: 'Olivia Ops',
  created_at: '2026-11-21T14:05:00.000Z',
  expires_at: '2026-11-24T14:05:00.000Z',
  decided_by: null,
  decided_by_name: null,
  decided_at: null,
  decision_reason: null,
}));
