import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { createDataProvider } from '../../src/providers/dataProvider';
import { searchPayload } from '../../src/providers/searchRequest';
import { createHttpClient } from '../../src/providers/httpClient';
import { fakeFetch } from '../helpers/fakeFetch';

const providerWith = (...answers: Parameters<typeof fakeFetch>) => {
  const { fetch, calls } = fakeFetch(...answers);
  const http = createHttpClient({ baseUrl: 'http://api.test/api', token: () => 'tok', fetch });
  return { provider: createDataProvider(http), calls };
};

const admin = { _id: 'aaaaaaaaaaaaaaaaaaaaaaaa', name: 'Ada', email: 'ada@example.com', last_login_at: null };

describe('getList → POST /x/search', () => {
  it('sends search and offset (page-1)*10, maps _id to id, reads total', async () => {
    const { provider, calls } = providerWith([200, { ok: true, data: [admin], total: 31 }]);
    const result = await provider.getList('admin', {
      pagination: { page: 4, perPage: 10 },
      sort: { field: 'created_at', order: 'DESC' },
      filter: { search: 'ad', empty: '', none: undefined },
    });
    expect(calls[0]).toMatchObject({ method: 'POST', url: 'http://api.test/api/admin/search', body: { search: 'ad', offset: 30 } });
    expect(result).toEqual({
      data: [{ id: admin._id, name: 'Ada', email: 'ada@example.com', last_login_at: null }],
      total: 31,
      meta: { totalIsEstimate: false },
    });
  });

  it("passes on whether the total is the server's estimate (total_exact: false)", async () => {
    const { provider } = providerWith(
      [200, { ok: true, data: [], total: 40_000, total_exact: false }],
      [200, { ok: true, data: [], total: 12, total_exact: true }],
    );
    const params = { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' as const }, filter: {} };
    expect(await provider.getList('admin', params)).toMatchObject({ total: 40_000, meta: { totalIsEstimate: true } });
    expect(await provider.getList('admin', params)).toMatchObject({ total: 12, meta: { totalIsEstimate: false } });
  });

  it('page 1 is offset 0', async () => {
    const { provider, calls } = providerWith([200, { ok: true, data: [], total: 0 }]);
    await provider.getList('admin', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(calls[0]?.body).toEqual({ offset: 0 });
  });

  it('fails with the server code, or "Error fetching admins!" when there is none', async () => {
    const withCode = providerWith([401, { ok: false, code: 'UNAUTHORIZED' }]);
    const error = await withCode.provider
      .getList('admin', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ message: 'UNAUTHORIZED', status: 401 });

    const withoutCode = providerWith([500, { ok: false }]);
    await expect(
      withoutCode.provider.getList('admin', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} }),
    ).rejects.toMatchObject({ message: 'Error fetching admins!' });
  });

  it('a network failure of the search POST shows its message as the code', async () => {
    const { provider } = providerWith(new TypeError('Failed to fetch'));
    await expect(provider.getList('admin', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} })).rejects.toMatchObject({
      message: 'Failed to fetch',
    });
  });
});

describe('searchPayload', () => {
  const sortable = {
    path: '/company',
    errors: { list: '', one: '', create: '', update: '', delete: '' },
    sortable: true,
    filterNames: { activity_domain: 'domain_activity' },
  };

  it('sends one sort key as 1 or -1 and renames filters the API spells differently', () => {
    expect(
      searchPayload(sortable, { filter: { activity_domain: 'Mobilier' }, pagination: { page: 2, perPage: 10 }, sort: { field: 'name', order: 'ASC' } }),
    ).toEqual({
      domain_activity: 'Mobilier',
      offset: 10,
      sort: { name: 1 },
    });
    expect(searchPayload(sortable, { filter: {}, pagination: { page: 1, perPage: 10 }, sort: { field: 'created_at', order: 'DESC' } }).sort).toEqual({
      created_at: -1,
    });
  });
});

describe('record calls', () => {
  it('getOne → GET /admin/{id}, data mapped', async () => {
    const { provider, calls } = providerWith([200, { ok: true, data: admin }]);
    const { data } = await provider.getOne('admin', { id: admin._id });
    expect(calls[0]).toMatchObject({ method: 'GET', url: `http://api.test/api/admin/${admin._id}` });
    expect(data).toEqual({ id: admin._id, name: 'Ada', email: 'ada@example.com', last_login_at: null });
  });

  it('getOne fails with "Error fetching admin\'s data." when the server gives no code', async () => {
    const { provider } = providerWith([404, {}]);
    await expect(provider.getOne('admin', { id: 'x' })).rejects.toMatchObject({ message: "Error fetching admin's data.", status: 404 });
  });

  it('getMany fetches each id', async () => {
    const other = { ...admin, _id: 'bbbbbbbbbbbbbbbbbbbbbbbb' };
    const { provider, calls } = providerWith([200, { ok: true, data: admin }], [200, { ok: true, data: other }]);
    const { data } = await provider.getMany('admin', { ids: [admin._id, other._id] });
    expect(data.map((record) => record.id)).toEqual([admin._id, other._id]);
    expect(calls).toHaveLength(2);
  });

  it('getManyReference searches with the target as a filter', async () => {
    const { provider, calls } = providerWith([200, { ok: true, data: [], total: 0 }]);
    await provider.getManyReference('admin', {
      target: 'organisation_id',
      id: 'org1',
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(calls[0]?.body).toEqual({ organisation_id: 'org1', offset: 10 });
  });

  it('create → POST /admin without ids; the code or "Error creating admin!" on failure', async () => {
    const { provider, calls } = providerWith([200, { ok: true, data: admin }], [409, { ok: false, code: 'EMAIL_TAKEN' }], [400, { ok: false }]);
    const { data } = await provider.create('admin', { data: { name: 'Ada', email: 'ada@example.com', id: 'ignored' } });
    expect(calls[0]).toMatchObject({ method: 'POST', url: 'http://api.test/api/admin', body: { name: 'Ada', email: 'ada@example.com' } });
    expect(data.id).toBe(admin._id);
    await expect(provider.create('admin', { data: { name: 'Ada' } })).rejects.toMatchObject({ message: 'EMAIL_TAKEN', status: 409 });
    await expect(provider.create('admin', { data: { name: 'Ada' } })).rejects.toMatchObject({ message: 'Error creating admin!' });
  });

  it('update → PUT /admin/{id} without ids; "Error updating!" without a code', async () => {
    const { provider, calls } = providerWith([200, { ok: true, data: { ...admin, name: 'Ada L.' } }], [500, {}]);
    const { data } = await provider.update('admin', {
      id: admin._id,
      data: { id: admin._id, _id: admin._id, name: 'Ada L.' },
      previousData: { id: admin._id },
    });
    expect(calls[0]).toMatchObject({ method: 'PUT', url: `http://api.test/api/admin/${admin._id}`, body: { name: 'Ada L.' } });
    expect(data).toMatchObject({ id: admin._id, name: 'Ada L.' });
    await expect(provider.update('admin', { id: admin._id, data: {}, previousData: { id: admin._id } })).rejects.toMatchObject({ message: 'Error updating!' });
  });

  it('updateMany calls once per id; deleteMany is one bulk call, failing with the first refusal', async () => {
    const { provider, calls } = providerWith(
      [200, { ok: true }],
      [200, { ok: true }],
      [
        200,
        {
          ok: true,
          results: [
            { id: 'a', ok: true },
            { id: 'b', ok: true },
          ],
        },
      ],
      [
        200,
        {
          ok: true,
          results: [
            { id: 'a', ok: true },
            { id: 'b', ok: false, code: 'COMPANY_NOT_EMPTY', counts: { users: 1 } },
          ],
        },
      ],
    );
    expect((await provider.updateMany('admin', { ids: ['a', 'b'], data: { name: 'n' } })).data).toEqual(['a', 'b']);
    expect((await provider.deleteMany('admin', { ids: ['a', 'b'] })).data).toEqual(['a', 'b']);
    await expect(provider.deleteMany('company', { ids: ['a', 'b'] })).rejects.toMatchObject({ message: 'COMPANY_NOT_EMPTY', status: 409 });
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'PUT http://api.test/api/admin/a',
      'PUT http://api.test/api/admin/b',
      'POST http://api.test/api/admin/bulk_delete',
      'POST http://api.test/api/company/bulk_delete',
    ]);
    expect(calls[2]?.body).toEqual({ ids: ['a', 'b'] });
  });

  it('bulk → POST {path}/bulk_{action} with the ids and the value, answering each row', async () => {
    const results = [
      { id: 'n1', ok: true },
      { id: 'n2', ok: false, code: 'NOT_FOUND' },
    ];
    const { provider, calls } = providerWith([200, { ok: true, results }], [400, { ok: false, code: 'VALIDATION_ERROR' }]);
    expect(await provider.bulk('need', 'status', ['n1', 'n2'], { status: 'non dispo' })).toEqual(results);
    expect(calls[0]).toMatchObject({ method: 'POST', url: 'http://api.test/api/need/bulk_status', body: { ids: ['n1', 'n2'], status: 'non dispo' } });
    await expect(provider.bulk('user', 'move', ['u1'], { organisation_id: 'c1' })).rejects.toMatchObject({ message: 'VALIDATION_ERROR' });
  });

  it('delete → DELETE /admin/{id}; a refusal keeps its code and status', async () => {
    const { provider, calls } = providerWith([200, { ok: true }], [403, { ok: false, code: 'CANNOT_DELETE_SELF' }]);
    const { data } = await provider.delete('admin', { id: admin._id, previousData: { id: admin._id, name: 'Ada' } });
    expect(calls[0]).toMatchObject({ method: 'DELETE', url: `http://api.test/api/admin/${admin._id}` });
    expect(data).toEqual({ id: admin._id, name: 'Ada' });
    await expect(provider.delete('admin', { id: 'me' })).rejects.toMatchObject({ message: 'CANNOT_DELETE_SELF', status: 403 });
  });

  it('refuses a resource it does not know', async () => {
    const { provider } = providerWith();
    await expect(provider.getOne('nothing', { id: 1 })).rejects.toThrow('Unknown resource: nothing');
  });
});

describe('company calls', () => {
  it('uploadFiles → POST /file {files, folder}, answering the URLs', async () => {
    const { provider, calls } = providerWith([200, { ok: true, data: ['http://x/uploads/credit/a.png'] }], [415, { ok: false, code: 'UNSUPPORTED_FILE_TYPE' }]);
    const files = [{ rawBody: 'data:image/png;base64,AAAA', name: 'a.png' }];
    expect(await provider.uploadFiles(files, '/credit')).toEqual(['http://x/uploads/credit/a.png']);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: 'http://api.test/api/file',
      body: { files, folder: '/credit' },
      headers: { authorization: 'JWT tok' },
    });
    await expect(provider.uploadFiles(files, '/credit')).rejects.toMatchObject({ message: 'UNSUPPORTED_FILE_TYPE' });
  });

  it('addComment, deleteComment, inviteUser and startSync call their paths', async () => {
    const company = { _id: 'c'.repeat(24), name: 'C', comments: [] };
    const { provider, calls } = providerWith(
      [200, { ok: true, data: company }],
      [200, { ok: true, data: [{ _id: 'k'.repeat(24), text: 'left' }] }],
      [200, { ok: true }],
      [409, { ok: false, code: 'EMAIL_TAKEN' }],
      [500, {}],
      [200, { ok: true, data: { _id: 'j', organization_id: 'o1', status: 'queued', started_at: 'now' } }],
    );
    expect((await provider.addComment(company._id, 'hello')).id).toBe(company._id);
    expect(await provider.deleteComment(company._id, 'k1')).toEqual([{ id: 'k'.repeat(24), text: 'left' }]);
    const invite = { name: 'N', email: 'n@example.com', organisation_id: company._id, organisation_name: 'C', invited: true as const };
    await provider.inviteUser(invite);
    await expect(provider.inviteUser(invite)).rejects.toMatchObject({ message: 'EMAIL_TAKEN' });
    await expect(provider.inviteUser(invite)).rejects.toMatchObject({ message: 'Error inviting!' });
    expect(await provider.startSync(company._id, 'o1')).toMatchObject({ status: 'queued' });
    expect(calls.map((call) => `${call.method} ${call.url.replace('http://api.test/api', '')}`)).toEqual([
      `POST /company/${company._id}/comment`,
      `PUT /company/${company._id}/delete-comment/k1`,
      'POST /user/invite',
      'POST /user/invite',
      'POST /user/invite',
      `POST /company/${company._id}/sync`,
    ]);
    expect(calls[0]?.body).toEqual({ text: 'hello' });
    expect(calls[1]?.body).toEqual({});
    expect(calls[2]?.body).toEqual(invite);
    expect(calls[5]?.body).toEqual({ organization_id: 'o1' });
  });

  it('company search sends sort as {field: 1|-1} and the filters', async () => {
    const { provider, calls } = providerWith([200, { ok: true, data: [], total: 0 }]);
    await provider.getList('company', {
      pagination: { page: 3, perPage: 10 },
      sort: { field: 'credit_balance', order: 'ASC' },
      filter: { search: 'a', activity_domain: 'Mobilier', sub_activity_domain: 'Rangement' },
    });
    expect(calls[0]?.body).toEqual({ search: 'a', activity_domain: 'Mobilier', sub_activity_domain: 'Rangement', offset: 20, sort: { credit_balance: 1 } });
  });
});

describe("react-admin's default sort", () => {
  it('is not sent: the server applies its own default (created_at descending)', async () => {
    const { provider, calls } = providerWith([200, { ok: true, data: [], total: 0 }]);
    await provider.getList('company', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'DESC' }, filter: {} });
    expect(calls[0]?.body).toEqual({ offset: 0 });
  });

  it('offers spell their domain filter domain_activity', async () => {
    const { provider, calls } = providerWith([200, { ok: true, data: [], total: 0 }]);
    await provider.getList('offer', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'price', order: 'DESC' },
      filter: { activity_domain: 'Mobilier', sub_activity_domain: 'Rangement' },
    });
    expect(calls[0]?.body).toEqual({ domain_activity: 'Mobilier', sub_activity_domain: 'Rangement', offset: 10, sort: { price: -1 } });
  });

  it('impersonate → POST /user/{id}/impersonate', async () => {
    const { provider, calls } = providerWith(
      [200, { ok: true, data: { user_id: 'u1', token: 'one-time', expires_at: 'soon' } }],
      [404, { ok: false, code: 'NOT_FOUND' }],
    );
    expect(await provider.impersonate('u1')).toEqual({ user_id: 'u1', token: 'one-time', expires_at: 'soon' });
    expect(calls[0]).toMatchObject({ method: 'POST', url: 'http://api.test/api/user/u1/impersonate' });
    await expect(provider.impersonate('u2')).rejects.toMatchObject({ message: 'NOT_FOUND' });
  });
});

describe('console calls', () => {
  it("rooms: POST /room/search with the offset (the default page size unsaid, as every list's), rows read from 'rooms'", async () => {
    const { provider, calls } = providerWith([200, { ok: true, rooms: [{ _id: 'r1', offer_title: 'T' }], total: 11 }]);
    const result = await provider.getList('message', { pagination: { page: 2, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: { search: 'sal' } });
    expect(calls[0]).toMatchObject({ url: 'http://api.test/api/room/search' });
    expect(calls[0]?.body).toEqual({ search: 'sal', offset: 10 });
    expect(result).toEqual({ data: [{ id: 'r1', offer_title: 'T' }], total: 11, meta: { totalIsEstimate: false } });
  });

  it("category images: the server's code for a refusal, else 'Failed to fetch images'; 'An error occurred while fetching images' without an answer", async () => {
    const { provider, calls } = providerWith(
      [200, { ok: true, data: [{ _id: 'i1', activity_domain: 'Mobilier', image_url: 'u' }] }],
      [500, { ok: false, code: 'INTERNAL_ERROR' }],
      [503, { ok: false }],
      new TypeError('Failed to fetch'),
    );
    expect(await provider.searchCategoryImages('Mobilier')).toEqual([{ id: 'i1', activity_domain: 'Mobilier', image_url: 'u' }]);
    expect(calls[0]?.body).toEqual({ activity_domain: 'Mobilier' });
    await expect(provider.searchCategoryImages()).rejects.toThrow('INTERNAL_ERROR');
    expect(calls[1]?.body).toEqual({});
    await expect(provider.searchCategoryImages()).rejects.toThrow('Failed to fetch images');
    await expect(provider.searchCategoryImages()).rejects.toThrow('An error occurred while fetching images');
  });

  it('category image create and delete fall back to their own texts, "Error creating category image!" and "Error deleting category image!"', async () => {
    const { provider } = providerWith([400, { ok: false }], [500, {}], [409, { ok: false, code: 'X_CODE' }]);
    await expect(provider.createCategoryImage('Mobilier', 'u')).rejects.toThrow('Error creating category image!');
    await expect(provider.deleteCategoryImage('i1')).rejects.toThrow('Error deleting category image!');
    await expect(provider.createCategoryImage('Mobilier', 'u')).rejects.toThrow('X_CODE');
  });

  it('room, message, dashboard, profile and password-change calls use their paths and bodies', async () => {
    const { provider, calls } = providerWith(
      [200, { ok: true, room: { _id: 'r1' }, messages: [], has_more: true }],
      [200, { ok: true, room: { _id: 'r1' }, messages: [], has_more: false }],
      [200, { ok: true, data: { _id: 'm1', text: 'hi' } }],
      [200, { ok: true, data: { counts: {} } }],
      [200, { ok: true, data: { _id: 'me', name: 'N', email: 'e@x.co' } }],
      [200, { ok: true }],
    );
    expect(await provider.getRoom('r1')).toMatchObject({ messages: [], has_more: true });
    expect(await provider.getRoom('r1', { before: 'm9', limit: 20 })).toMatchObject({ has_more: false });
    expect(await provider.sendAdminMessage({ text: 'hi', room: 'r1', sender_name: 'Me', sender_logo: null })).toMatchObject({ _id: 'm1' });
    await provider.getDashboard();
    expect(await provider.updateProfile({ name: 'N', email: 'e@x.co' })).toMatchObject({ _id: 'me' });
    await provider.changePassword({ password: 'a', newPassword: 'b1bbbb', verifyPassword: 'b1bbbb' });
    expect(calls.map((call) => `${call.method} ${call.url.replace('http://api.test/api', '')} ${JSON.stringify(call.body ?? null)}`)).toEqual([
      'GET /room/r1 null',
      'GET /room/r1?before=m9&limit=20 null',
      'POST /message/from-admin {"text":"hi","room":"r1","sender_name":"Me","sender_logo":null}',
      'GET /dashboard null',
      'PUT /admin {"name":"N","email":"e@x.co"}',
      'POST /admin/reset_password {"password":"a","newPassword":"b1bbbb","verifyPassword":"b1bbbb"}',
    ]);
  });
});

describe('ledger and audit calls', () => {
  const company = { _id: 'c'.repeat(24), name: 'C', credit_balance: 250 };

  it('a company update never sends the balance (a stale form cannot move it); other resources send their fields', async () => {
    const { provider, calls } = providerWith([200, { ok: true, data: company }], [200, { ok: true }], [200, { ok: true, data: admin }]);
    await provider.update('company', {
      id: company._id,
      data: { id: company._id, name: 'C2', city: 'Lyon', credit_balance: 1 },
      previousData: { id: company._id, credit_balance: 250 },
    });
    await provider.updateMany('company', { ids: [company._id], data: { credit_balance: 1, is_test: true } });
    await provider.update('admin', { id: admin._id, data: { name: 'Ada', credit_balance: 1 }, previousData: { id: admin._id } });
    expect(calls.map((call) => call.body)).toEqual([{ name: 'C2', city: 'Lyon' }, { is_test: true }, { name: 'Ada', credit_balance: 1 }]);
  });

  it('the balance field follows the credit unit', async () => {
    const { fetch, calls } = fakeFetch([200, { ok: true, data: company }]);
    const provider = createDataProvider(createHttpClient({ baseUrl: 'http://api.test/api', token: () => 'tok', fetch }), 'token');
    await provider.update('company', { id: company._id, data: { name: 'C', token_balance: 9, credit_balance: 9 }, previousData: { id: company._id } });
    expect(calls[0]?.body).toEqual({ name: 'C', credit_balance: 9 });
  });

  it('adjustCredit → POST /company/{id}/credit {amount, reason}, answering the company; a refusal keeps its code', async () => {
    const { provider, calls } = providerWith(
      [200, { ok: true, data: { ...company, credit_balance: 229.5 } }],
      [400, { ok: false, code: 'BALANCE_OUT_OF_RANGE' }],
    );
    expect(await provider.adjustCredit(company._id, { amount: -20.5, reason: 'Refund' })).toEqual({
      pending: false,
      company: { id: company._id, name: 'C', credit_balance: 229.5 },
    });
    expect(calls[0]).toMatchObject({ method: 'POST', url: `http://api.test/api/company/${company._id}/credit`, body: { amount: -20.5, reason: 'Refund' } });
    await expect(provider.adjustCredit(company._id, { amount: 1e11, reason: 'Too much' })).rejects.toMatchObject({
      message: 'BALANCE_OUT_OF_RANGE',
      status: 400,
    });
  });

  it('adjustCredit answered 202 is a pending request (four eyes): nothing moved', async () => {
    const request = { _id: 'r'.repeat(24), company_id: company._id, amount: 5000, reason: 'Big order', status: 'pending' };
    const { provider } = providerWith([202, { ok: true, data: request }]);
    expect(await provider.adjustCredit(company._id, { amount: 5000, reason: 'Big order' })).toEqual({
      pending: true,
      request: { id: request._id, company_id: company._id, amount: 5000, reason: 'Big order', status: 'pending' },
    });
  });

  it('credit requests: search by status and company, approve, reject with its reason; a refusal keeps its code', async () => {
    const { provider, calls } = providerWith(
      [200, { ok: true, data: [], total: 0 }],
      [200, { ok: true, data: { _id: 'r1' } }],
      [200, { ok: true, data: { _id: 'r1' } }],
      [403, { ok: false, code: 'SELF_APPROVAL' }],
    );
    await provider.getList('credit_request', {
      filter: { status: 'pending', company_id: company._id },
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
    });
    await provider.approveCreditRequest('r1');
    await provider.rejectCreditRequest('r1', 'Not agreed');
    expect(calls.map(({ method, url, body }) => [method, url, body])).toEqual([
      ['POST', 'http://api.test/api/credit_request/search', { status: 'pending', company_id: company._id, offset: 10 }],
      ['POST', 'http://api.test/api/credit_request/r1/approve', {}],
      ['POST', 'http://api.test/api/credit_request/r1/reject', { reason: 'Not agreed' }],
    ]);
    await expect(provider.approveCreditRequest('r2')).rejects.toMatchObject({ message: 'SELF_APPROVAL', status: 403 });
  });

  it('the Credits tab: credit_entry by company_id → POST /company/{id}/credit/search {offset}', async () => {
    const entry = { _id: 'e1', amount: 50, balance_after: 300, reason: 'Bonus', admin_id: null, admin_name: null, created_at: '2026-11-21T14:05:00Z' };
    const { provider, calls } = providerWith([200, { ok: true, data: [entry], total: 11 }]);
    const result = await provider.getManyReference('credit_entry', {
      target: 'company_id',
      id: company._id,
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'id', order: 'DESC' },
      filter: {},
    });
    expect(calls[0]).toMatchObject({ method: 'POST', url: `http://api.test/api/company/${company._id}/credit/search`, body: { offset: 10 } });
    expect(result).toEqual({
      data: [{ id: 'e1', amount: 50, balance_after: 300, reason: 'Bonus', admin_id: null, admin_name: null, created_at: '2026-11-21T14:05:00Z' }],
      total: 11,
      meta: { totalIsEstimate: false },
    });
  });

  it('the ledger is never searched without its company', async () => {
    const { provider, calls } = providerWith();
    await expect(provider.getList('credit_entry', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'DESC' }, filter: {} })).rejects.toThrow(
      'Missing filter: company_id',
    );
    expect(calls).toHaveLength(0);
  });

  it('the trail: audit_event → POST /audit/search with its filters and offset, no sort', async () => {
    const { provider, calls } = providerWith([200, { ok: true, data: [], total: 0 }], [200, { ok: true, data: [], total: 0 }]);
    await provider.getList('audit_event', {
      pagination: { page: 3, perPage: 10 },
      sort: { field: 'created_at', order: 'DESC' },
      filter: { admin_id: 'a1', entity: 'company', action: 'update', from: '2026-11-01T00:00:00.000Z', to: '2026-11-21T23:59:59.999Z' },
    });
    await provider.getManyReference('audit_event', {
      target: 'entity_id',
      id: 'u1',
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'DESC' },
      filter: { entity: 'user' },
    });
    expect(calls.map((call) => [call.url.replace('http://api.test/api', ''), call.body])).toEqual([
      ['/audit/search', { admin_id: 'a1', entity: 'company', action: 'update', from: '2026-11-01T00:00:00.000Z', to: '2026-11-21T23:59:59.999Z', offset: 20 }],
      ['/audit/search', { entity: 'user', entity_id: 'u1', offset: 0 }],
    ]);
  });

  it('a refused company delete keeps the counts in the error body', async () => {
    const counts = { users: 2, offers: 1, needs: 0, rooms: 0 };
    const { provider } = providerWith([409, { ok: false, code: 'COMPANY_NOT_EMPTY', counts }]);
    await expect(provider.delete('company', { id: company._id })).rejects.toMatchObject({
      message: 'COMPANY_NOT_EMPTY',
      status: 409,
      body: { code: 'COMPANY_NOT_EMPTY', counts },
    });
  });
});

describe('account calls', () => {
  it('listSecurityEvents → GET /admin/security_events, the answer as sent; a refusal rejects with its code', async () => {
    const event = {
      _id: 'bbbbbbbbbbbbbbbbbbbbbbbb',
      action: 'sign_in',
      created_at: '2026-01-02T03:04:05.000Z',
      ip: '10.0.0.1',
      browser: 'Chrome 131',
      by: null,
      detail: null,
    };
    const { provider, calls } = providerWith([200, { ok: true, data: [event] }], [403, { ok: false, code: 'FORBIDDEN' }]);
    expect(await provider.listSecurityEvents()).toEqual({ ok: true, data: [event] });
    expect(calls[0]).toMatchObject({ method: 'GET', url: 'http://api.test/api/admin/security_events' });
    await expect(provider.listSecurityEvents()).rejects.toMatchObject({ message: 'FORBIDDEN', status: 403 });
  });
});
