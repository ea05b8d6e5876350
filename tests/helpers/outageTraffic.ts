import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';

/** One answer of a server process under traffic, with when it was asked and how long it took. */
export interface Answer {
  status: number;
  body: unknown;
  retryAfter: string | null;
  sentAt: number;
  ms: number;
}

export async function callServer(base: string, method: string, path: string, token?: string, body?: unknown): Promise<Answer> {
  const sentAt = Date.now();
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...(token ? { authorization: `JWT ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Kept as text: the envelope check names it.
  }
  return { status: response.status, body: parsed, retryAfter: response.headers.get('retry-after'), sentAt, ms: Date.now() - sentAt };
}

/** Three clients writing (creating admins) and reading (searching them) until stopped; every answer is kept. */
export function outageTraffic(base: string, token: string, label: string) {
  const answers: Answer[] = [];
  const acknowledged: string[] = [];
  let running = true;
  let sequence = 0;
  const client = async (index: number) => {
    while (running) {
      sequence += 1;
      if (sequence % 2) {
        const email = `${label}-${index}-${sequence}@example.com`;
        const answer = await callServer(base, 'POST', '/api/admin', token, { name: `Flow ${sequence}`, email });
        answers.push(answer);
        if (answer.status === 200) acknowledged.push(email);
      } else {
        answers.push(await callServer(base, 'POST', '/api/admin/search', token, { search: '', offset: 0 }));
      }
      await sleep(25);
    }
  };
  const clients = [0, 1, 2].map(client);
  return {
    answers,
    acknowledged,
    stop: async () => {
      running = false;
      await Promise.all(clients);
    },
  };
}

/** Every answer is a success or the outage's 503 in the envelope, with Retry-After. */
export function expectOnlySuccessOr503(answers: Answer[]): void {
  const outside = answers.filter((answer) => {
    if (answer.status === 200) return (answer.body as { ok?: unknown }).ok !== true;
    return !(answer.status === 503 && JSON.stringify(answer.body) === '{"ok":false,"code":"DATABASE_UNAVAILABLE"}' && answer.retryAfter);
  });
  expect(outside.map(({ status, body }) => ({ status, body }))).toEqual([]);
}

/** How long after `since` the first success came. */
export function recoveredAfter(answers: Answer[], since: number): number {
  const first = answers.filter((answer) => answer.status === 200 && answer.sentAt >= since).sort((a, b) => a.sentAt - b.sentAt)[0];
  expect(first, 'no success after the database came back').toBeDefined();
  return (first as Answer).sentAt + (first as Answer).ms - since;
}
