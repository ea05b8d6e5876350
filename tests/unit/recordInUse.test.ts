import { describe, expect, it } from 'vitest';
import { explainRecordInUse, recordInUseMessage } from '../../src/custom/components/recordInUse';

describe('the RECORD_IN_USE explanation (a delete refused while declared links name the record)', () => {
  it('names the record by its entity and what links to it, one or several of each, leaving out what is at 0', () => {
    expect(recordInUseMessage('user', { offers: 2, needs: 1 })).toBe('This user is still linked to 2 offers and 1 need. Move or delete them first.');
    expect(recordInUseMessage('admin', { offers: 1, needs: 0, contracts: 3 })).toBe(
      'This admin is still linked to 1 offer and 3 contracts. Move or delete them first.',
    );
    expect(recordInUseMessage('somewhere', { offers: 1 })).toBe('This record is still linked to 1 offer. Move or delete them first.');
  });

  it('explains a refused delete whose body is RECORD_IN_USE with counts, and nothing else', () => {
    expect(explainRecordInUse('user', { body: { ok: false, code: 'RECORD_IN_USE', counts: { needs: 2, bad: 'x' } } })).toBe(
      'This user is still linked to 2 needs. Move or delete them first.',
    );
    expect(explainRecordInUse('user', { body: { code: 'COMPANY_NOT_EMPTY', counts: { needs: 2 } } })).toBeUndefined();
    expect(explainRecordInUse('user', { body: { code: 'RECORD_IN_USE' } })).toBeUndefined();
    expect(explainRecordInUse('user', new Error('RECORD_IN_USE'))).toBeUndefined();
  });
});
