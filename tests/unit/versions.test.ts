import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { conflictRows, shownValue } from '../../src/custom/components/conflict/conflictRows';
import { createDataProvider } from '../../src/providers/dataProvider';
import { createHttpClient } from '../../src/providers/httpClient';
import { staleRecordOf, versionHeaders, versionsById } from '../../src/providers/versions';
import { fakeFetch } from '../helpers/fakeFetch';

const providerWith = (...answers: Parameters<typeof fakeFetch>) => {
  const { fetch, calls } = fakeFetch(...answers);
  return { provider: createDataProvider(createHttpClient({ baseUrl: 'http://api.test/api', token: () => 'tok', fetch })), calls };
};
const id = 'c'.repeat(24);

describe('the version a write sends', () => {
  it('is If-Match with the version read, X-Overwrite only when asked, nothing without a version', () => {
    expect(versionHeaders({ version: 3 })).toEqual({ 'If-Match': '"3"' });
    expect(versionHeaders({ version: 3 }, true)).toEqual({ 'If-Match': '"3"', 'X-Overwrite': 'true' });
    expect(versionHeaders({ version: '3' })).toEqual({});
    expect(versionHeaders(undefined)).toEqual({});
  });

  it('for a bulk call, maps the selected rows the list holds to their versions', () => {
    const rows = [{ id: 'a', version: 2 }, { id: 'b', version: 5 }, { id: 'c' }];
    expect(versionsById(rows, ['a', 'c', 'z'])).toEqual({ a: 2 });
  });

  it('update (at the version its edits were made on, else the record shown; an overwrite at the record shown), delete, profile and category image: the header, never a body version', async () => {
    const { provider, calls } = providerWith(
      [200, { ok: true, data: { _id: id, name: 'N', version: 4 } }],
      [200, { ok: true, data: { _id: id, name: 'N', version: 5 } }],
      [200, { ok: true }],
      [200, { ok: true, data: { _id: id, name: 'N', email: 'n@x.co', version: 2 } }],
      [200, { ok: true }],
    );
    await provider.update('company', { id, data: { name: 'N', version: 1 }, previousData: { id, version: 3 } });
    await provider.update('company', { id, data: { name: 'N' }, previousData: { id, version: 4 }, meta: { overwrite: true } });
    await provider.delete('company', { id, previousData: { id, version: 5 } });
    await provider.updateProfile({ name: 'N', email: 'n@x.co' }, 1);
    await provider.deleteCategoryImage('i1', 9);
    expect(calls.map((call) => [call.method, call.headers['if-match'], call.headers['x-overwrite']])).toEqual([
      // The form's version: its edits were made on version 1, though a reload under them shows version 3.
      ['PUT', '"1"', undefined],
      ['PUT', '"4"', 'true'],
      ['DELETE', '"5"', undefined],
      ['PUT', '"1"', undefined],
      ['DELETE', '"9"', undefined],
    ]);
    expect(calls[0]?.body).toEqual({ name: 'N' });
  });

  it('a 409 STALE_RECORD rejects with the record as it now is, which staleRecordOf reads', async () => {
    const { provider } = providerWith([409, { ok: false, code: 'STALE_RECORD', data: { _id: id, name: 'Theirs', version: 2 } }]);
    const error = await provider.update('company', { id, data: { name: 'Mine' }, previousData: { id, version: 1 } }).catch((refusal: unknown) => refusal);
    expect(error).toBeInstanceOf(HttpError);
    expect(staleRecordOf(error)).toEqual({ id, name: 'Theirs', version: 2 });
    expect(staleRecordOf(new HttpError('VALIDATION_ERROR', 400, { ok: false, code: 'VALIDATION_ERROR' }))).toBeUndefined();
  });
});

describe('the presence calls', () => {
  it('join, leave and follow the record at its own paths', async () => {
    const { provider, calls } = providerWith([200, { ok: true, viewers: [{ admin_id: id, name: 'Hugo Simon' }] }], [200, { ok: true }], [200, {}]);
    expect(await provider.joinRecord('company', id, 'tab-1')).toEqual([{ admin_id: id, name: 'Hugo Simon' }]);
    await provider.leaveRecord('company', id, 'tab-1');
    await provider.openRecordEvents('company', id, 'tab-1', new AbortController().signal);
    expect(calls.map((call) => [call.method, call.url, call.body])).toEqual([
      ['POST', 'http://api.test/api/presence', { resource: 'company', id, tab_id: 'tab-1' }],
      ['DELETE', `http://api.test/api/presence/company/${id}/tab-1`, undefined],
      ['GET', `http://api.test/api/presence/company/${id}/events?tab_id=tab-1`, undefined],
    ]);
  });
});

describe('the conflict rows', () => {
  it("lists the fields the other admin changed that the form sends, theirs beside the admin's, never bookkeeping or the balance", () => {
    const base = { id, name: 'A', city: 'Lyon', version: 1, updated_at: 't1', credit_balance: 100, website: null };
    const current = { ...base, city: 'Nantes', version: 2, updated_at: 't2', credit_balance: 200, website: 'https://x.fr' };
    const yours = { ...base, name: 'B', website: '' };
    expect(conflictRows(base, current, yours)).toEqual([
      { field: 'city', theirs: 'Nantes', yours: 'Lyon' },
      { field: 'website', theirs: 'https://x.fr', yours: '' },
    ]);
    expect([shownValue(null), shownValue(''), shownValue(true), shownValue(['a', 'b']), shownValue({ a: 1 }), shownValue(3)]).toEqual([
      '—',
      '—',
      'Yes',
      'a, b',
      '{"a":1}',
      '3',
    ]);
  });
});
