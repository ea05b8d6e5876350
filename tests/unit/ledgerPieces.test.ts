import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_ACTION_LABELS, AUDIT_ENTITIES, AUDIT_ENTITY_LABELS } from '../../shared/catalogue/audit';
import { changeLines, formatAuditValue, recordRoute } from '../../src/custom/audit/auditFormat';
import { endOfDay, startOfDay } from '../../src/custom/audit/dayBounds';
import { companyNotEmptyMessage, explainCompanyNotEmpty } from '../../src/resources/companies/companyNotEmpty';
import { addCredit, parseCreditAmount } from '../../src/resources/companies/creditAmount';

describe('credit amounts', () => {
  it('accepts a signed amount with at most two decimals, a comma or a point', () => {
    expect(['12', '+12', '-12', '12.5', '-0.01', '12,25', ' 7 '].map(parseCreditAmount)).toEqual([12, 12, -12, 12.5, -0.01, 12.25, 7]);
  });

  it('refuses zero, three decimals, words, exponents and anything at or past 10^12', () => {
    for (const text of ['', '0', '-0.00', '1.234', 'abc', '1e3', '12.', '.5', '1 000', '1000000000000', '-1000000000000']) {
      expect(parseCreditAmount(text), text).toBeUndefined();
    }
    expect(parseCreditAmount('999999999999.99')).toBe(999999999999.99);
  });

  it('adds in cents', () => {
    expect(addCredit(0.1, 0.2)).toBe(0.3);
    expect(addCredit(250, -20.5)).toBe(229.5);
    expect(addCredit(1.15, 1.15)).toBe(2.3);
  });
});

describe('company not empty', () => {
  it('counts what is left, singular or plural', () => {
    expect(companyNotEmptyMessage({ users: 2, offers: 1, needs: 0, rooms: 0 })).toBe(
      'This company still has 2 users, 1 offer, 0 needs and 0 rooms. Move or delete them first.',
    );
    expect(companyNotEmptyMessage({ users: 1, offers: 0, needs: 1, rooms: 1 })).toBe(
      'This company still has 1 user, 0 offers, 1 need and 1 room. Move or delete them first.',
    );
  });

  it('explains only a COMPANY_NOT_EMPTY refusal', () => {
    expect(explainCompanyNotEmpty({ body: { code: 'COMPANY_NOT_EMPTY', counts: { users: 3 } } })).toBe(
      'This company still has 3 users, 0 offers, 0 needs and 0 rooms. Move or delete them first.',
    );
    expect(explainCompanyNotEmpty({ body: { code: 'NOT_FOUND' } })).toBeUndefined();
    expect(explainCompanyNotEmpty({ body: { code: 'COMPANY_NOT_EMPTY' } })).toBeUndefined();
    expect(explainCompanyNotEmpty(new Error('COMPANY_NOT_EMPTY'))).toBeUndefined();
    expect(explainCompanyNotEmpty(null)).toBeUndefined();
  });
});

describe('audit trail', () => {
  it('labels every entity and action of the catalogue', () => {
    expect(AUDIT_ENTITIES.every((entity) => AUDIT_ENTITY_LABELS[entity])).toBe(true);
    expect(AUDIT_ACTIONS.every((action) => AUDIT_ACTION_LABELS[action])).toBe(true);
    expect(AUDIT_ACTION_LABELS.credit_adjustment).toBe('Credit adjustment');
  });

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
    expect(changeLines({ city: ['Lyon', 'Nantes'] })).toEqual([{ field: 'city', before: 'Lyon', after: 'Nantes' }]);
    expect(changeLines(null)).toEqual([]);
  });

  it('links a record only while it exists and has a page', () => {
    expect(recordRoute({ entity: 'company', entity_id: 'c1', exists: true })).toBe('/company/c1');
    expect(recordRoute({ entity: 'room', entity_id: 'r1', exists: true })).toBe('/message/r1');
    expect(recordRoute({ entity: 'company', entity_id: 'c1', exists: false })).toBeUndefined();
    expect(recordRoute({ entity: 'session', entity_id: 's1', exists: true })).toBeUndefined();
    expect(recordRoute({ entity: 'user', entity_id: null, exists: true })).toBeUndefined();
  });

  it('bounds a day of the local clock, both ends included', () => {
    expect(new Date(startOfDay('2026-11-21')).getTime()).toBe(new Date(2026, 10, 21).getTime());
    expect(new Date(endOfDay('2026-11-21')).getTime()).toBe(new Date(2026, 10, 22).getTime() - 1);
    expect(startOfDay('')).toBe('');
    expect(endOfDay('nonsense')).toBe('');
  });
});
