import { describe, expect, it } from 'vitest';
import { companyNotEmptyMessage, explainCompanyNotEmpty } from '../../src/resources/companies/companyNotEmpty';

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
