import { describe, expect, it, vi } from 'vitest';
import { createDataProvider } from '../../src/providers/dataProvider';
import { createHttpClient } from '../../src/providers/httpClient';
import { createStepUpPrompt } from '../../src/providers/stepUp';
import { fakeFetch } from '../helpers/fakeFetch';

const REFUSAL: [number, unknown] = [401, { ok: false, code: 'REAUTH_REQUIRED' }];

/** A client whose admin proves themselves (`proven`) or cancels each time the console asks. */
const client = (fetch: typeof globalThis.fetch, proven: boolean) => {
  const askForProof = vi.fn(async () => proven);
  return { http: createHttpClient({ baseUrl: 'http://api.test/api', token: () => 'tok-1', fetch, askForProof }), askForProof };
};

describe('step-up: a call refused with REAUTH_REQUIRED asks for proof, then goes again once', () => {
  it('sends the same call again once proven, and its caller sees only the second answer', async () => {
    const { fetch, calls } = fakeFetch(REFUSAL, [200, { ok: true, data: { token: 'imp-1' } }]);
    const { http, askForProof } = client(fetch, true);
    const answer = await http.post('/user/u1/impersonate', { why: 'support' });
    expect(answer).toEqual({ status: 200, body: { ok: true, data: { token: 'imp-1' } } });
    expect(askForProof).toHaveBeenCalledTimes(1);
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'POST http://api.test/api/user/u1/impersonate',
      'POST http://api.test/api/user/u1/impersonate',
    ]);
    expect(calls[1]).toMatchObject({ body: { why: 'support' }, headers: { authorization: 'JWT tok-1' } });
  });

  it('retries PUT, DELETE and GET the same way', async () => {
    for (const call of [
      (http: ReturnType<typeof client>['http']) => http.put('/company/c1', { name: 'x' }, { 'If-Match': '"3"' }),
      (http: ReturnType<typeof client>['http']) => http.delete('/admin/a1'),
      (http: ReturnType<typeof client>['http']) => http.get('/admin/a1'),
    ]) {
      const { fetch, calls } = fakeFetch(REFUSAL, [200, { ok: true }]);
      const { http } = client(fetch, true);
      expect((await call(http)).status).toBe(200);
      expect(calls).toHaveLength(2);
      expect(calls[1]?.method).toBe(calls[0]?.method);
      expect(calls[1]?.headers).toEqual(calls[0]?.headers);
    }
  });

  it('retries a CSV download, and gives the file to its caller', async () => {
    let sent = 0;
    const fetch = (async () => {
      sent += 1;
      return sent === 1
        ? new Response(JSON.stringify(REFUSAL[1]), { status: 401 })
        : new Response('id;name\r\n', { status: 200, headers: { 'Content-Disposition': 'attachment; filename="users.csv"' } });
    }) as typeof globalThis.fetch;
    const { http } = client(fetch, true);
    const file = await http.download('/user/export', { search: '' });
    expect(file.filename).toBe('users.csv');
    expect(await file.blob.text()).toBe('id;name\r\n');
    expect(sent).toBe(2);
  });

  it('cancelled: the caller gets the refusal as before, and nothing is sent again', async () => {
    const { fetch, calls } = fakeFetch(REFUSAL);
    const { http } = client(fetch, false);
    expect(await http.post('/user/u1/impersonate', {})).toEqual({ status: 401, body: { ok: false, code: 'REAUTH_REQUIRED' } });
    expect(calls).toHaveLength(1);

    const download = fakeFetch(REFUSAL);
    await expect(client(download.fetch, false).http.download('/user/export')).rejects.toMatchObject({ message: 'REAUTH_REQUIRED', status: 401 });
  });

  it('retries once only: a second refusal goes to the caller without asking again', async () => {
    const { fetch, calls } = fakeFetch(REFUSAL, REFUSAL, [200, { ok: true }]);
    const { http, askForProof } = client(fetch, true);
    expect((await http.post('/company/c1/credit', { amount: 5 })).body).toEqual({ ok: false, code: 'REAUTH_REQUIRED' });
    expect(askForProof).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(2);
  });

  it('asks nothing for any other refusal: a dead session (401 UNAUTHORIZED) or a 403', async () => {
    const { fetch, calls } = fakeFetch([401, { ok: false, code: 'UNAUTHORIZED' }], [403, { ok: false, code: 'FORBIDDEN' }]);
    const { http, askForProof } = client(fetch, true);
    expect((await http.get('/admin/a1')).status).toBe(401);
    expect((await http.get('/admin/a1')).status).toBe(403);
    expect(askForProof).not.toHaveBeenCalled();
    expect(calls).toHaveLength(2);
  });

  it("retries a data provider's custom call ('Login as') transparently, and rejects with REAUTH_REQUIRED when cancelled", async () => {
    const proven = fakeFetch(REFUSAL, [200, { ok: true, data: { token: 'imp-2', expires_at: '2030-01-01T00:00:00.000Z' } }]);
    await expect(createDataProvider(client(proven.fetch, true).http).impersonate('u1')).resolves.toMatchObject({ token: 'imp-2' });

    const cancelled = fakeFetch(REFUSAL);
    await expect(createDataProvider(client(cancelled.fetch, false).http).impersonate('u1')).rejects.toMatchObject({
      message: 'REAUTH_REQUIRED',
      status: 401,
    });
  });
});

describe('the step-up prompt: one request for proof however many calls wait', () => {
  it('answers false at once while no dialog listens (the signed-out screens)', async () => {
    await expect(createStepUpPrompt().ask()).resolves.toBe(false);
  });

  it('opens one request for several refusals, tells the dialog, and settles them all with one answer', async () => {
    const prompt = createStepUpPrompt();
    const listener = vi.fn();
    prompt.subscribe(listener);
    const waiting = [prompt.ask(), prompt.ask(), prompt.ask()];
    expect(prompt.isAsking()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
    prompt.answer(true);
    expect(await Promise.all(waiting)).toEqual([true, true, true]);
    expect(prompt.isAsking()).toBe(false);

    const next = prompt.ask();
    expect(prompt.isAsking()).toBe(true);
    prompt.answer(false);
    await expect(next).resolves.toBe(false);
  });

  it('refuses the open request when the last dialog unmounts (signed out while asking), so a later dialog opens on nothing', async () => {
    const prompt = createStepUpPrompt();
    const unmountFirst = prompt.subscribe(() => undefined);
    const unmountSecond = prompt.subscribe(() => undefined);
    const waiting = prompt.ask();
    unmountFirst();
    expect(prompt.isAsking()).toBe(true);
    unmountSecond();
    expect(prompt.isAsking()).toBe(false);
    await expect(waiting).resolves.toBe(false);

    // Signed in again: the remounted dialog has nothing to ask until a new refusal.
    const remounted = vi.fn();
    prompt.subscribe(remounted);
    expect(prompt.isAsking()).toBe(false);
    expect(remounted).not.toHaveBeenCalled();
  });

  it("tells onAsk's listeners of each call that waits, without counting them as a dialog", async () => {
    const prompt = createStepUpPrompt();
    const told = vi.fn();
    const stop = prompt.onAsk(told);
    await expect(prompt.ask()).resolves.toBe(false);
    expect(told).not.toHaveBeenCalled();

    prompt.subscribe(() => undefined);
    const waiting = [prompt.ask(), prompt.ask()];
    expect(told).toHaveBeenCalledTimes(2);
    stop();
    const third = prompt.ask();
    expect(told).toHaveBeenCalledTimes(2);
    prompt.answer(true);
    expect(await Promise.all([...waiting, third])).toEqual([true, true, true]);
  });

  it('three calls refused at once through the client: one question, three retries', async () => {
    const prompt = createStepUpPrompt();
    prompt.subscribe(() => undefined);
    const ask = vi.spyOn(prompt, 'ask');
    const { fetch, calls } = fakeFetch(REFUSAL, REFUSAL, REFUSAL, [200, { ok: true }], [200, { ok: true }], [200, { ok: true }]);
    const http = createHttpClient({ baseUrl: 'http://api.test/api', token: () => 'tok-1', fetch, askForProof: () => prompt.ask() });
    const answers = Promise.all([http.delete('/admin/a1'), http.delete('/admin/a2'), http.delete('/admin/a3')]);
    await vi.waitFor(() => expect(ask).toHaveBeenCalledTimes(3));
    expect(prompt.isAsking()).toBe(true);
    prompt.answer(true);
    expect((await answers).map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(calls).toHaveLength(6);
  });
});
