import { describe, expect, it, vi } from 'vitest';
import { SENT_AHEAD_LIFETIME_MS, createHttpClient } from '../../src/providers/httpClient';
import { fakeFetch } from '../helpers/fakeFetch';

const client = (fetch: typeof globalThis.fetch, token: string | null = 'tok-1') =>
  createHttpClient({ baseUrl: 'http://api.test/api', token: () => token, fetch });

describe('httpClient: JSON with credentials and a JWT, failures answered as codes', () => {
  it('sends JSON with credentials and Authorization: JWT {token}', async () => {
    const { fetch, calls } = fakeFetch([200, { ok: true, data: [] }]);
    const response = await client(fetch).post('/admin/search', { search: 'a', offset: 10 });
    expect(response).toEqual({ status: 200, body: { ok: true, data: [] } });
    expect(calls[0]).toMatchObject({
      url: 'http://api.test/api/admin/search',
      method: 'POST',
      credentials: 'include',
      body: { search: 'a', offset: 10 },
      headers: { authorization: 'JWT tok-1', 'content-type': 'application/json' },
    });
  });

  it('sends no Authorization header while signed out', async () => {
    const { fetch, calls } = fakeFetch([401, { ok: false, code: 'UNAUTHORIZED' }]);
    const response = await client(fetch, null).get('/admin/signin_token');
    expect(response.body).toEqual({ ok: false, code: 'UNAUTHORIZED' });
    expect(calls[0]?.headers.authorization).toBeUndefined();
  });

  it('POST turns a network failure into {ok:false, code: message}', async () => {
    const { fetch } = fakeFetch(new TypeError('Failed to fetch'));
    const response = await client(fetch).post('/admin', { name: 'x' });
    expect(response.body).toEqual({ ok: false, code: 'Failed to fetch' });
  });

  it('GET, PUT and DELETE reject on a network failure', async () => {
    for (const call of [
      (http: ReturnType<typeof client>) => http.get('/admin/1'),
      (http: ReturnType<typeof client>) => http.put('/admin/1', {}),
      (http: ReturnType<typeof client>) => http.delete('/admin/1'),
    ]) {
      const { fetch } = fakeFetch(new TypeError('Failed to fetch'));
      await expect(call(client(fetch))).rejects.toThrow('Failed to fetch');
    }
  });

  it('a failure with no message of its own says UNKNOWN_ERROR_OCCUR, for every method', async () => {
    const failing = (reason: unknown) => (async () => Promise.reject(reason)) as typeof globalThis.fetch;
    for (const reason of [new TypeError(''), undefined, {}]) {
      const http = client(failing(reason));
      expect((await http.post('/admin', { name: 'x' })).body).toEqual({ ok: false, code: 'UNKNOWN_ERROR_OCCUR' });
      await expect(http.get('/admin/1')).rejects.toThrow('UNKNOWN_ERROR_OCCUR');
      await expect(http.put('/admin/1', {})).rejects.toThrow('UNKNOWN_ERROR_OCCUR');
      await expect(http.delete('/admin/1')).rejects.toThrow('UNKNOWN_ERROR_OCCUR');
    }
  });

  it('uses each method verb', async () => {
    const { fetch, calls } = fakeFetch([200, {}], [200, {}], [200, {}]);
    const http = client(fetch);
    await http.get('/a');
    await http.put('/b', { name: 'n' });
    await http.delete('/c');
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET http://api.test/api/a',
      'PUT http://api.test/api/b',
      'DELETE http://api.test/api/c',
    ]);
    expect(calls[1]?.body).toEqual({ name: 'n' });
  });

  it('reads a non-JSON error answer as a code', async () => {
    const fetch = (async () => new Response('<html>bad gateway</html>', { status: 502 })) as typeof globalThis.fetch;
    const response = await client(fetch).get('/x');
    expect(response).toEqual({ status: 502, body: { ok: false, code: 'HTTP_502' } });
  });
});

describe('httpClient.download: a file answered to a POST, rejected unless the status is 200', () => {
  const csv = '\uFEFFid;name\r\nc1;Orme\r\n';
  const answering = (response: () => Response) => {
    const calls: Array<{ url: string; init: RequestInit }> = [];
    const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
      calls.push({ url: String(input), init });
      return response();
    }) as typeof globalThis.fetch;
    return { fetch, calls };
  };

  it('POSTs the body as JSON with the JWT, and answers the file and its name from Content-Disposition', async () => {
    const { fetch, calls } = answering(
      () =>
        new Response(csv, {
          status: 200,
          headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="companies-2025-01-31.csv"' },
        }),
    );
    const file = await client(fetch).download('/company/export', { search: 'orme', sort: { name: 1 } });
    expect(file.filename).toBe('companies-2025-01-31.csv');
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(new TextEncoder().encode(csv));
    expect(calls[0]?.url).toBe('http://api.test/api/company/export');
    expect(calls[0]?.init).toMatchObject({ method: 'POST', credentials: 'include', body: JSON.stringify({ search: 'orme', sort: { name: 1 } }) });
    expect(new Headers(calls[0]?.init.headers).get('authorization')).toBe('JWT tok-1');
    expect(new Headers(calls[0]?.init.headers).get('content-type')).toBe('application/json');
  });

  it('names a file the server did not name `download`', async () => {
    const { fetch } = answering(() => new Response(csv, { status: 200 }));
    expect((await client(fetch).download('/company/export')).filename).toBe('download');
  });

  it("rejects with the envelope's code on a refusal, and with HTTP_{status} on any other status", async () => {
    const refused = answering(() => new Response(JSON.stringify({ ok: false, code: 'VALIDATION_ERROR', errors: { sort: 'x' } }), { status: 400 }));
    await expect(client(refused.fetch).download('/company/export', { sort: { nope: 1 } })).rejects.toThrow('VALIDATION_ERROR');
    const noContent = answering(() => new Response(null, { status: 204 }));
    await expect(client(noContent.fetch).download('/company/export')).rejects.toThrow('HTTP_204');
    const gateway = answering(() => new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(client(gateway.fetch).download('/company/export')).rejects.toThrow('HTTP_502');
  });

  it('rejects with the status too, so that an ended session (401) signs the admin out as on any other call', async () => {
    const ended = answering(() => new Response(JSON.stringify({ ok: false, code: 'UNAUTHORIZED' }), { status: 401 }));
    await expect(client(ended.fetch).download('/company/export')).rejects.toMatchObject({ message: 'UNAUTHORIZED', status: 401 });
  });

  it('rejects on a network failure', async () => {
    const { fetch } = fakeFetch(new TypeError('Failed to fetch'));
    await expect(client(fetch).download('/company/export')).rejects.toThrow('Failed to fetch');
  });
});

describe('httpClient.sendAhead: a POST sent before its caller, whose answer the identical call takes', () => {
  const page = { offset: 0, sort: { created_at: -1 } };

  it('sends at once, and the first identical post takes the answer instead of sending again', async () => {
    const { fetch, calls } = fakeFetch([200, { ok: true, data: ['ahead'] }], [200, { ok: true, data: ['again'] }]);
    const http = client(fetch);
    http.sendAhead('/company/search', page);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', url: 'http://api.test/api/company/search', body: page, headers: { authorization: 'JWT tok-1' } });
    expect((await http.post('/company/search', { offset: 0, sort: { created_at: -1 } })).body).toEqual({ ok: true, data: ['ahead'] });
    expect(calls).toHaveLength(1);
    // Taken once: the next identical call is a call of its own.
    expect((await http.post('/company/search', page)).body).toEqual({ ok: true, data: ['again'] });
    expect(calls).toHaveLength(2);
  });

  it('leaves any other call alone: another path or another body sends its own', async () => {
    const { fetch, calls } = fakeFetch([200, { ok: true, data: ['ahead'] }], [200, { ok: true, data: ['page 2'] }], [200, { ok: true, data: ['offers'] }]);
    const http = client(fetch);
    http.sendAhead('/company/search', page);
    expect((await http.post('/company/search', { ...page, offset: 10 })).body).toEqual({ ok: true, data: ['page 2'] });
    expect((await http.post('/offer/search', page)).body).toEqual({ ok: true, data: ['offers'] });
    expect(calls.map((call) => call.body)).toEqual([page, { ...page, offset: 10 }, page]);
  });

  it("ends the answer at its path's first search, whatever its body: the list's first call only may take it", async () => {
    const { fetch, calls } = fakeFetch([200, { ok: true, data: ['ahead'] }], [200, { ok: true, data: ['page 2'] }], [200, { ok: true, data: ['page 1'] }]);
    const http = client(fetch);
    http.sendAhead('/company/search', page);
    await http.post('/company/search', { ...page, offset: 10 });
    expect((await http.post('/company/search', page)).body).toEqual({ ok: true, data: ['page 1'] });
    expect(calls).toHaveLength(3);
  });

  it("keeps the answer through other paths' searches (the Audit page's Admin filter searches its choices first)", async () => {
    const { fetch, calls } = fakeFetch([200, { ok: true, data: ['ahead'] }], [200, { ok: true, data: ['admins'] }]);
    const http = client(fetch);
    http.sendAhead('/audit/search', { offset: 0 });
    expect((await http.post('/admin/search', { offset: 0 })).body).toEqual({ ok: true, data: ['admins'] });
    expect((await http.post('/audit/search', { offset: 0 })).body).toEqual({ ok: true, data: ['ahead'] });
    expect(calls.map((call) => call.url)).toEqual(['http://api.test/api/audit/search', 'http://api.test/api/admin/search']);
  });

  it('lets no answer sent ahead outlive a write, a POST that is no search, or an export: the identical search after them asks again', async () => {
    for (const [name, write] of [
      ['put', (http: ReturnType<typeof client>) => http.put('/company/c1', { name: 'Renamed' })],
      ['delete', (http: ReturnType<typeof client>) => http.delete('/company/c1')],
      ['another post', (http: ReturnType<typeof client>) => http.post('/company', { name: 'New' })],
      // The server audits every export.
      ['export', (http: ReturnType<typeof client>) => http.download('/company/export', {})],
    ] as const) {
      const { fetch, calls } = fakeFetch([200, { ok: true, data: ['before'] }], [200, { ok: true }], [200, { ok: true, data: ['after'] }]);
      const http = client(fetch);
      http.sendAhead('/company/search', page);
      await write(http);
      expect((await http.post('/company/search', page)).body, name).toEqual({ ok: true, data: ['after'] });
      expect(calls, name).toHaveLength(3);
    }
  });

  it('lets an answer older than SENT_AHEAD_LIFETIME_MS go: the call asks the server again', async () => {
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    const { fetch, calls } = fakeFetch([200, { ok: true, data: ['stale'] }], [200, { ok: true, data: ['fresh'] }]);
    const http = client(fetch);
    http.sendAhead('/company/search', page);
    now.mockReturnValue(1_000_000 + SENT_AHEAD_LIFETIME_MS + 1);
    expect((await http.post('/company/search', page)).body).toEqual({ ok: true, data: ['fresh'] });
    expect(calls).toHaveLength(2);
    now.mockRestore();
  });

  it('gives an answer only to the session that sent it: after a sign-out and another sign-in, the call asks again', async () => {
    let session = 'tok-1';
    const { fetch, calls } = fakeFetch([200, { ok: true, data: ['first admin'] }], [200, { ok: true, data: ['second admin'] }]);
    const http = createHttpClient({ baseUrl: 'http://api.test/api', token: () => session, fetch });
    http.sendAhead('/company/search', page);
    session = 'tok-2';
    expect((await http.post('/company/search', page)).body).toEqual({ ok: true, data: ['second admin'] });
    expect(calls.map((call) => call.headers.authorization)).toEqual(['JWT tok-1', 'JWT tok-2']);
  });

  it("gives the taking call a network failure as post's own {ok:false, code}, and reports nothing when no call takes it", async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    const { fetch } = fakeFetch(new TypeError('Failed to fetch'), new TypeError('Failed to fetch'));
    const http = client(fetch);
    http.sendAhead('/company/search', page);
    expect((await http.post('/company/search', page)).body).toEqual({ ok: false, code: 'Failed to fetch' });
    http.sendAhead('/offer/search', page);
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});

describe('httpClient.answeredAhead: the answer sent ahead, at once, once it has arrived', () => {
  const page = { offset: 0, sort: { created_at: -1 } };
  const arrived = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('is nothing until the answer arrives, then hands it over once: the identical post after it asks the server', async () => {
    const { fetch, calls } = fakeFetch([200, { ok: true, data: ['ahead'] }], [200, { ok: true, data: ['again'] }]);
    const http = client(fetch);
    http.sendAhead('/company/search', page);
    expect(http.answeredAhead('/company/search', page)).toBeUndefined();
    await arrived();
    expect(http.answeredAhead('/company/search', { ...page, offset: 10 })).toBeUndefined();
    expect(http.answeredAhead('/company/search', page)?.take()).toEqual({ status: 200, body: { ok: true, data: ['ahead'] } });
    expect(http.answeredAhead('/company/search', page)).toBeUndefined();
    expect((await http.post('/company/search', page)).body).toEqual({ ok: true, data: ['again'] });
    expect(calls).toHaveLength(2);
  });

  it('is nothing past SENT_AHEAD_LIFETIME_MS, after a write, or for another session', async () => {
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    try {
      const { fetch } = fakeFetch([200, { ok: true, data: ['old'] }], [200, { ok: true }], [200, { ok: true, data: ['ahead'] }]);
      const http = client(fetch);
      http.sendAhead('/company/search', page);
      await arrived();
      now.mockReturnValue(1_000_000 + SENT_AHEAD_LIFETIME_MS + 1);
      expect(http.answeredAhead('/company/search', page)).toBeUndefined();
      now.mockReturnValue(1_000_000);
      await http.put('/company/c1', { name: 'Renamed' });
      expect(http.answeredAhead('/company/search', page)).toBeUndefined();
      let token = 'tok-1';
      const other = createHttpClient({ baseUrl: 'http://api.test/api', token: () => token, fetch });
      other.sendAhead('/company/search', page);
      await arrived();
      token = 'tok-2';
      expect(other.answeredAhead('/company/search', page)).toBeUndefined();
    } finally {
      now.mockRestore();
    }
  });
});
