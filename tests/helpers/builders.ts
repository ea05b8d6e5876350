import type { RaRecord } from 'react-admin';

let sequence = 0;
const nextId = () => (sequence += 1).toString(16).padStart(24, '0');

/** An admin record as react-admin sees it (after the data provider mapped `_id` to `id`). */
export function buildAdmin(overrides: Partial<RaRecord> = {}): RaRecord {
  const id = nextId();
  return {
    id,
    name: `Admin ${id.slice(-3)}`,
    email: `admin${id.slice(-3)}@example.com`,
    last_login_at: '2026-11-20T09:30:00.000Z',
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A company record as the console sees it. */
export function buildCompany(overrides: Partial<RaRecord> = {}): RaRecord {
  const id = nextId();
  return {
    id,
    name: `Company ${id.slice(-3)}`,
    siret: '12345678901234',
    city: 'Lyon',
    postal_code: '69002',
    country: 'France',
    activity_domain: 'Mobilier',
    sub_activity_domain: 'Rangement',
    credit_balance: 120,
    logo_url: null,
    is_test: false,
    created_at: '2026-11-21T10:00:00.000Z',
    comments: [],
    last_sync: null,
    ...overrides,
  };
}

export function buildUser(overrides: Partial<RaRecord> = {}): RaRecord {
  const id = nextId();
  return {
    id,
    name: `User ${id.slice(-3)}`,
    email: `user${id.slice(-3)}@example.com`,
    organisation_id: null,
    organisation_name: null,
    last_login_at: null,
    ...overrides,
  };
}

export function buildOffer(overrides: Partial<RaRecord> = {}): RaRecord {
  const id = nextId();
  return {
    id,
    title: `Offer ${id.slice(-3)}`,
    description: 'Une offre',
    images: ['http://x.test/offer.png'],
    organisation_id: null,
    organisation_name: 'Studio Jade',
    activity_domain: 'Mobilier',
    sub_activity_domain: 'Rangement',
    price: 100,
    unit: 'forfait',
    credit_ratio: 0.75,
    price_on_proposal: false,
    created_at: '2026-11-21T14:05:00',
    ...overrides,
  };
}

export function buildNeed(overrides: Partial<RaRecord> = {}): RaRecord {
  const id = nextId();
  return {
    id,
    organisation_id: null,
    organisation_name: 'Maison Quartz',
    activity_domain: null,
    sub_activity_domain: null,
    description: `Need ${id.slice(-3)}`,
    emergency: 'Maintenant',
    status: 'en cours',
    created_at: '2026-11-21T14:05:00',
    ...overrides,
  };
}
