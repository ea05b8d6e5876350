import type { RaRecord } from 'react-admin';

let sequence = 0;

/** An audit event as the console sees it (after the data provider mapped `_id` to `id`). */
export function buildAuditEvent(overrides: Partial<RaRecord> = {}): RaRecord {
  sequence += 1;
  return {
    id: `ev${sequence.toString(16).padStart(22, '0')}`,
    created_at: '2026-11-21T14:05:00',
    admin_id: 'a'.repeat(24),
    admin_name: 'Demo Admin',
    action: 'update',
    entity: 'company',
    entity_id: 'c'.repeat(24),
    changes: null,
    ip: '203.0.113.7',
    request_id: `req-${sequence}`,
    exists: true,
    ...overrides,
  };
}
