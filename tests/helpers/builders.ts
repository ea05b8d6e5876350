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
