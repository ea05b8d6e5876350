import { describe, expect, it } from 'vitest';
import { formatAuditValue, recordRoute } from '../../src/custom/audit/auditFormat';

describe('audit trail', () => {
  it('shows values on one short line', () => {
    expect([null, undefined, '', 'Lyon', 12.5, false, ['a', 'b'], { a: 1 }].map(formatAuditValue)).toEqual([
      '—',
      '—',
      '—',
      'Lyon',
      '12.5',
      'false',
      '["a","b"]',
      '{"a":1}',
    ]);
    const long = formatAuditValue('x'.repeat(500));
    expect(long).toHaveLength(120);
    expect(long.endsWith('…')).toBe(true);
  });

  it('links a record only while it exists and has a page', () => {
    expect(recordRoute({ entity: 'company', entity_id: 'c1', exists: true })).toBe('/company/c1');
    expect(recordRoute({ entity: 'room', entity_id: 'r1', exists: true })).toBe('/message/r1');
    expect(recordRoute({ entity: 'company', entity_id: 'c1', exists: false })).toBeUndefined();
    expect(recordRoute({ entity: 'session', entity_id: 's1', exists: true })).toBeUndefined();
    expect(recordRoute({ entity: 'user', entity_id: null, exists: true })).toBeUndefined();
  });
});
