import { vi } from 'vitest';

export interface RecordedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  credentials?: RequestCredentials;
}

/** A fetch double that records each call and answers from a queue of `[status, body]` pairs. */
export function fakeFetch(...answers: Array<[number, unknown] | Error>) {
  const calls: RecordedCall[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    calls.push({ url: String(input), method: init.method ?? 'GET', headers, body, credentials: init.credentials });
    const answer = answers.shift() ?? [200, { ok: true }];
    if (answer instanceof Error) throw answer;
    const [status, payload] = answer;
    return new Response(payload === undefined ? null : JSON.stringify(payload), { status });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}
