import { BACKGROUND_CALL_HEADER } from '../../shared/catalogue/backgroundCalls';
import { describe, expect, it, vi } from 'vitest';
import { createActivityClock } from '../../src/providers/activity';
import { createHttpClient } from '../../src/providers/httpClient';

const memoryStorage = () => {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
};

describe('the activity clock', () => {
  it("sees another tab's calls through the shared storage", () => {
    let now = 1_000;
    const shared = memoryStorage();
    const here = createActivityClock(() => now, shared);
    const there = createActivityClock(() => now, shared);
    now = 5_000;
    there.note('/company/search');
    expect(here.last()).toBe(5_000);
  });

  it('ignores the presence heartbeat', () => {
    let now = 1_000;
    const clock = createActivityClock(() => now, null);
    now = 9_000;
    clock.note('/presence');
    expect(clock.last()).toBe(1_000);
  });

  it('is told of each call the httpClient makes with a session, and of none without', async () => {
    const onSignedInCall = vi.fn();
    let token: string | null = null;
    const fetch = vi.fn(async () => new Response('{"ok":true}', { status: 200 }));
    const http = createHttpClient({ baseUrl: '/api', token: () => token, fetch, onSignedInCall });
    await http.get('/admin/signin_token');
    expect(onSignedInCall).not.toHaveBeenCalled();
    token = 'tok';
    await http.get('/admin/sessions');
    await http.delete('/admin/sessions/x');
    expect(onSignedInCall.mock.calls).toEqual([['/admin/sessions'], ['/admin/sessions/x']]);
  });

  it('is not told of a call made on a timer, which says so to the server too', async () => {
    const onSignedInCall = vi.fn();
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => new Response('{"ok":true}', { status: 200 }));
    const http = createHttpClient({ baseUrl: '/api', token: () => 'tok', fetch, onSignedInCall });
    await http.post('/credit_request/search', { offset: 0 }, { background: true });
    expect(onSignedInCall).not.toHaveBeenCalled();
    expect(new Headers(fetch.mock.calls[0]?.[1]?.headers).get(BACKGROUND_CALL_HEADER)).toBe('1');
    await http.post('/credit_request/search', { offset: 0 });
    expect(onSignedInCall).toHaveBeenCalledTimes(1);
    expect(new Headers(fetch.mock.calls[1]?.[1]?.headers).has(BACKGROUND_CALL_HEADER)).toBe(false);
  });
});
