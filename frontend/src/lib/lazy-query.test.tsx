import { QueryClient, QueryClientContext } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { handOverTo, hashQueryKey, useLazyQuery, type LazyQueryOptions } from './lazy-query';

/** A read of `key` whose answers are taken in turn from `answers` (a function throws), counting its calls. */
function read(key: string, answers: Array<string | (() => never)>, extra: Partial<LazyQueryOptions<string>> = {}) {
  const calls: string[] = [];
  const options: LazyQueryOptions<string> = {
    queryKey: ['/api/test', { key }],
    queryFn: async () => {
      calls.push(key);
      const answer = answers.shift();
      if (answer === undefined) throw new Error('no answer left');
      return typeof answer === 'function' ? answer() : answer;
    },
    ...extra,
  };
  return { options, calls };
}

/** A context whose client the test sets later, as `LazyQueryClientProvider` gets it. */
function contextWith(client: { current: QueryClient | undefined }) {
  return ({ children }: { children: ReactNode }) => <QueryClientContext.Provider value={client.current}>{children}</QueryClientContext.Provider>;
}

let unique = 0;
const key = (name: string) => `${name}-${++unique}`;

describe('useLazyQuery before React Query has come', () => {
  it('reads the key once and shows the answer; a second hook on the key shares it', async () => {
    const { options, calls } = read(key('shared'), ['first']);
    const one = renderHook(() => useLazyQuery(options));
    expect(one.result.current.isPending).toBe(true);
    await waitFor(() => expect(one.result.current.data).toBe('first'));
    expect(one.result.current.isFetching).toBe(false);
    expect(one.result.current.dataUpdatedAt).toBeGreaterThan(0);
    const two = renderHook(() => useLazyQuery(options));
    expect(two.result.current.data).toBe('first');
    expect(calls).toHaveLength(1);
  });

  it("refetchOnMount 'always' asks again on mount, once, even with an answer; a read under way is not asked twice", async () => {
    const name = key('always');
    const { options, calls } = read(name, ['first', 'mount']);
    const always = { ...options, refetchOnMount: 'always' as const };
    const hook = renderHook(() => useLazyQuery(always));
    const beside = renderHook(() => useLazyQuery(always));
    await waitFor(() => expect(hook.result.current.data).toBe('first'));
    expect(beside.result.current.data).toBe('first');
    expect(calls).toEqual([name]);
    const again = renderHook(() => useLazyQuery(always));
    await waitFor(() => expect(again.result.current.data).toBe('mount'));
    expect(calls).toEqual([name, name]);
  });

  it('keeps the last key\'s answer on screen while the next loads (keepPrevious), then shows the new one', async () => {
    const first = read(key('page-1'), ['page one'], { keepPrevious: true });
    const second = read(key('page-2'), ['page two'], { keepPrevious: true });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const slowSecond = { ...second.options, queryFn: async (context: { signal: AbortSignal }) => held.then(() => second.options.queryFn(context)) };
    const hook = renderHook(({ options }) => useLazyQuery(options), { initialProps: { options: first.options } });
    await waitFor(() => expect(hook.result.current.data).toBe('page one'));
    hook.rerender({ options: slowSecond });
    expect(hook.result.current).toMatchObject({ data: 'page one', isPlaceholderData: true, isPending: false });
    act(() => release());
    await waitFor(() => expect(hook.result.current).toMatchObject({ data: 'page two', isPlaceholderData: false }));
  });

  it('a failed read is an error, not retried on its own; refetch asks again', async () => {
    const { options, calls } = read(key('fails'), [() => { throw new Error('Database unavailable'); }, 'recovered']);
    const hook = renderHook(() => useLazyQuery(options));
    await waitFor(() => expect(hook.result.current.isError).toBe(true));
    expect(hook.result.current.error?.message).toBe('Database unavailable');
    hook.rerender();
    expect(calls).toHaveLength(1);
    await act(() => hook.result.current.refetch());
    await waitFor(() => expect(hook.result.current).toMatchObject({ data: 'recovered', isError: false }));
  });

  it('retries as its retry option says, after retryDelay', async () => {
    const { options, calls } = read(key('retry'), [() => { throw new Error('starting'); }, 'ready'], { retry: (count) => count < 3, retryDelay: 1 });
    const hook = renderHook(() => useLazyQuery(options));
    await waitFor(() => expect(hook.result.current.data).toBe('ready'));
    expect(calls).toHaveLength(2);
  });

  it('a disabled read asks nothing and stays pending', () => {
    const { options, calls } = read(key('disabled'), ['never']);
    const hook = renderHook(() => useLazyQuery({ ...options, enabled: false }));
    expect(hook.result.current.isPending).toBe(true);
    expect(calls).toEqual([]);
  });
});

describe('the hand-over to React Query', () => {
  it('gives the answers and reads under way to the client, and a mounted hook goes on with it without asking again', async () => {
    const name = key('handover');
    const { options, calls } = read(name, ['before', 'invalidated'], { refetchOnMount: 'always' });
    const client = { current: undefined as QueryClient | undefined };
    const hook = renderHook(() => useLazyQuery(options), { wrapper: contextWith(client) });
    await waitFor(() => expect(hook.result.current.data).toBe('before'));

    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    handOverTo(queryClient);
    expect(queryClient.getQueryData(options.queryKey)).toBe('before');
    client.current = queryClient;
    hook.rerender();
    expect(hook.result.current.data).toBe('before');
    // Its client arriving is not a mount: no second read for 'always'.
    await act(() => Promise.resolve());
    expect(calls).toEqual([name]);

    // From now on it is React Query's observer: an invalidation refetches it.
    await act(() => queryClient.invalidateQueries({ queryKey: options.queryKey }));
    await waitFor(() => expect(hook.result.current.data).toBe('invalidated'));
    expect(calls).toEqual([name, name]);
  });

  it('a read under way when the client comes finishes into the client', async () => {
    const name = key('in-flight');
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { options, calls } = read(name, ['late']);
    renderHook(() => useLazyQuery({ ...options, queryFn: (context) => held.then(() => options.queryFn(context)) }));
    await waitFor(() => expect(calls).toEqual([]));
    const queryClient = new QueryClient();
    handOverTo(queryClient);
    release();
    await waitFor(() => expect(queryClient.getQueryData(options.queryKey)).toBe('late'));
    expect(calls).toEqual([name]);
  });
});

describe('hashQueryKey', () => {
  it("is React Query's: objects' keys in order", () => {
    expect(hashQueryKey(['/api/jobs', { search: 'a', page: 1 }])).toBe(hashQueryKey(['/api/jobs', { page: 1, search: 'a' }]));
    expect(hashQueryKey(['/api/jobs', { page: 1 }])).toBe(new QueryClient().getQueryCache().build(new QueryClient(), { queryKey: ['/api/jobs', { page: 1 }] }).queryHash);
  });
});
