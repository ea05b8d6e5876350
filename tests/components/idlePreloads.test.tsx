import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IdlePreloads } from '../../src/custom/layout/IdlePreloads';
import { OPENING_SCREEN_FALLBACK_MS, useOpeningScreenSettled } from '../../src/custom/layout/useOpeningScreenSettled';

/** An answer the test gives when it chooses. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const withClient =
  (queryClient: QueryClient) =>
  ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;

const renderSettled = (queryClient: QueryClient) => renderHook(() => useOpeningScreenSettled(), { wrapper: withClient(queryClient) });

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

afterEach(() => vi.useRealTimers());

describe('useOpeningScreenSettled', () => {
  it('waits while the screen searches, and settles once the answer is in', async () => {
    const queryClient = newClient();
    const session = deferred<boolean>();
    const search = deferred<string[]>();
    void queryClient.fetchQuery({ queryKey: ['auth', 'checkAuth'], queryFn: () => session.promise });
    const { result } = renderSettled(queryClient);
    expect(result.current).toBe(false);

    // The session check alone is not the screen's data.
    await act(async () => session.resolve(true));
    expect(result.current).toBe(false);

    void queryClient.fetchQuery({ queryKey: ['company', 'getList'], queryFn: () => search.promise });
    expect(result.current).toBe(false);
    await act(async () => search.resolve(['a company']));
    expect(result.current).toBe(true);
  });

  it('waits for every search in flight, and a failed one settles too', async () => {
    const queryClient = newClient();
    const first = deferred<string[]>();
    const second = deferred<string[]>();
    const { result } = renderSettled(queryClient);
    void queryClient.fetchQuery({ queryKey: ['company', 'getList'], queryFn: () => first.promise }).catch(() => undefined);
    void queryClient.fetchQuery({ queryKey: ['dashboard'], queryFn: () => second.promise });
    await act(async () => first.reject(new Error('offline')));
    expect(result.current).toBe(false);
    await act(async () => second.resolve([]));
    expect(result.current).toBe(true);
  });

  it('counts rows a query was made with (sent ahead) once a mounted screen shows them, not while only a render made them', async () => {
    const queryClient = newClient();
    const { result } = renderSettled(queryClient);
    const rows = { queryKey: ['company', 'getList'], queryFn: () => new Promise<string[]>(() => undefined), initialData: ['a company'], refetchOnMount: false };
    act(() => void queryClient.getQueryCache().build(queryClient, rows));
    expect(result.current).toBe(false);
    const List = () => <p>{useQuery(rows).data?.join()}</p>;
    render(<List />, { wrapper: withClient(queryClient) });
    await vi.waitFor(() => expect(result.current).toBe(true));
  });

  it('settles after the fallback delay on a screen that asks for no data', () => {
    vi.useFakeTimers();
    const { result } = renderSettled(newClient());
    act(() => vi.advanceTimersByTime(OPENING_SCREEN_FALLBACK_MS - 1));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);
  });
});

describe('IdlePreloads', () => {
  it('fetches nothing ahead while the opening screen searches, then one preload per idle period', async () => {
    vi.useFakeTimers();
    const queryClient = newClient();
    const search = deferred<string[]>();
    void queryClient.fetchQuery({ queryKey: ['company', 'getList'], queryFn: () => search.promise });
    const fetched: string[] = [];
    const preloads = ['admins', 'users'].map((screen) => async () => void fetched.push(screen));
    render(<IdlePreloads preloads={preloads} />, { wrapper: withClient(queryClient) });
    // jsdom has no requestIdleCallback: an idle period is a 200 ms timeout there (whenIdle).
    await act(async () => vi.advanceTimersByTimeAsync(1000));
    expect(fetched).toEqual([]);

    await act(async () => search.resolve(['a company']));
    await act(async () => vi.advanceTimersByTimeAsync(200));
    expect(fetched).toEqual(['admins']);
    await act(async () => vi.advanceTimersByTimeAsync(200));
    expect(fetched).toEqual(['admins', 'users']);
  });
});
