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
