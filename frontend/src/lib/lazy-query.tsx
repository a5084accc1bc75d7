import { QueryClientContext, type QueryClient, type QueryKey, type QueryObserver, type QueryObserverOptions } from '@tanstack/react-query';
import { useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';

/**
 * React Query off the first page (ADR 122). The job board and the header read the jobs, the
 * signed-in user and an application through {@link useLazyQuery}: with a `QueryClient` in React
 * Query's context it is React Query's own observer (what `useQuery` does, less suspense and error
 * boundaries, which these reads do not use); before the client has arrived it reads by itself,
 * with a plain `fetch`, and hands what it read to the client when it comes ({@link loadQueryClient}:
 * with the first page that needs it, the sign-in dialog or the board's aside, 1.5 s after the
 * board). The `QueryClient`, its caches and observers (query-core, ~9 kB gzipped) are then not in
 * a first visit's scripts.
 */

type ObserverClass = typeof QueryObserver;

let loadedClient: QueryClient | undefined;
let observerClass: ObserverClass | undefined;
let loading: Promise<QueryClient> | undefined;
const clientListeners = new Set<() => void>();

/** Called by `query-client.ts` when it loads: the observer class the hook uses once a client exists. */
export function provideQueryObserver(observer: ObserverClass): void {
  observerClass = observer;
}

/** The app's `QueryClient`, loaded once; what the page read before it is handed to it first. */
export function loadQueryClient(): Promise<QueryClient> {
  loading ??= import('./query-client').then(
    ({ queryClient }) => {
      handOverTo(queryClient);
      // What QueryClientProvider does on mount: focus and online events reach the client.
      queryClient.mount();
      loadedClient = queryClient;
      for (const listener of clientListeners) listener();
      return queryClient;
    },
    (error: unknown) => {
      // A failed chunk load (offline) may be tried again by the next caller.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

const subscribeClient = (listener: () => void) => {
  clientListeners.add(listener);
  return () => void clientListeners.delete(listener);
};
const getLoadedClient = () => loadedClient;

/**
 * React Query's context, holding the app's client once {@link loadQueryClient} has it (empty
 * before). Always the same element, so the tree below stays mounted when the client arrives.
 */
export function LazyQueryClientProvider({ children }: { children: ReactNode }) {
  const client = useSyncExternalStore(subscribeClient, getLoadedClient, getLoadedClient);
  return <QueryClientContext.Provider value={client}>{children}</QueryClientContext.Provider>;
}

/** The client in React Query's context, if there is one yet (`useQueryClient` would throw). */
export function useOptionalQueryClient(): QueryClient | undefined {
  return useContext(QueryClientContext);
}

export interface LazyQueryOptions<T> {
  queryKey: QueryKey;
  queryFn: (context: { signal: AbortSignal }) => Promise<T>;
  enabled?: boolean;
  staleTime?: number;
  /** 'always': every mount asks the server again, whatever it already has. */
  refetchOnMount?: 'always';
  /** Keep the last key's answer on screen while the next key's loads. */
  keepPrevious?: boolean;
  retry?: (failureCount: number, error: Error) => boolean;
  retryDelay?: number;
}

interface LazyQueryBase {
  error: Error | null;
  isFetching: boolean;
  isPlaceholderData: boolean;
  dataUpdatedAt: number;
  refetch: () => Promise<unknown>;
}

/** What React Query's `useQuery` returns, as far as the first page reads it. */
export type LazyQueryResult<T> = LazyQueryBase &
  ({ isPending: true; isError: false; data: undefined } | { isPending: false; isError: true; data: T | undefined } | { isPending: false; isError: false; data: T });

/** An answer read before the client came: one per key, shared by the hooks that read it. */
interface Entry {
  key: QueryKey;
  data?: unknown;
  error: Error | null;
  dataUpdatedAt: number;
  fetching?: Promise<unknown>;
  listeners: Set<() => void>;
}

const entries = new Map<string, Entry>();

/** React Query's key hash: JSON with every object's keys sorted. */
export function hashQueryKey(key: QueryKey): string {
  return JSON.stringify(key, (_, value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}

function entryOf(key: QueryKey): Entry {
  const hash = hashQueryKey(key);
  let entry = entries.get(hash);
  if (!entry) entries.set(hash, (entry = { key, error: null, dataUpdatedAt: 0, listeners: new Set() }));
  return entry;
}

function changed(entry: Entry): void {
  for (const listener of entry.listeners) listener();
}

/** Reads the key now (once at a time), retrying as the options say; errors are kept, not thrown. */
function fetchEntry<T>(entry: Entry, options: LazyQueryOptions<T>): Promise<unknown> {
  if (entry.fetching) return entry.fetching;
  const attempt = async (failureCount: number): Promise<T> => {
    try {
      return await options.queryFn({ signal: new AbortController().signal });
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      if (!options.retry?.(failureCount, failure)) throw failure;
      await new Promise((resolve) => setTimeout(resolve, options.retryDelay ?? 1000));
      return attempt(failureCount + 1);
    }
  };
  const fetching = attempt(0).then(
    (data) => Object.assign(entry, { data, error: null, dataUpdatedAt: Date.now() }),
    (error: Error) => Object.assign(entry, { error }),
  );
  entry.fetching = fetching.finally(() => {
    entry.fetching = undefined;
    changed(entry);
  });
  changed(entry);
  return entry.fetching;
}

/** Gives every answer read so far, and every read under way, to the client; then forgets them. */
export function handOverTo(client: QueryClient): void {
  for (const entry of entries.values()) {
    if (entry.data !== undefined) client.setQueryData(entry.key, entry.data, { updatedAt: entry.dataUpdatedAt });
    const under = entry.fetching;
    if (under) void client.prefetchQuery({ queryKey: entry.key, queryFn: () => under.then(() => entry.data) });
  }
  entries.clear();
}

/** Starts a read without a component (a route's loader): through the client when there is one. */
export function prefetchLazyQuery<T>(options: LazyQueryOptions<T>): void {
  if (loadedClient) void loadedClient.prefetchQuery(observerOptions(options));
  else if (entryOf(options.queryKey).data === undefined) void fetchEntry(entryOf(options.queryKey), options);
}

/** The same read as React Query's options (for a route's loader that has the client). */
export function toQueryOptions<T>(options: LazyQueryOptions<T>): QueryObserverOptions<T, Error, T, T, QueryKey> {
  const { keepPrevious, ...rest } = options;
  // React Query's keepPreviousData is this function.
  return keepPrevious ? { ...rest, placeholderData: (previous) => previous } : rest;
}
const observerOptions = toQueryOptions;

const snapshots = new WeakMap<Entry, { version: string; result: LazyQueryResult<unknown> }>();

/** The entry's state as a result, the same object while it does not change. */
function entryResult<T>(entry: Entry, refetch: () => Promise<unknown>): LazyQueryResult<T> {
  const version = `${entry.dataUpdatedAt}|${entry.error ? 'e' : ''}|${entry.fetching ? 'f' : ''}`;
  const kept = snapshots.get(entry);
  if (kept?.version === version) return kept.result as LazyQueryResult<T>;
  const base = { error: entry.error, isFetching: entry.fetching !== undefined, isPlaceholderData: false, dataUpdatedAt: entry.dataUpdatedAt, refetch };
  const data = entry.data as T | undefined;
  const result: LazyQueryResult<T> =
    entry.error !== null
      ? { ...base, isPending: false, isError: true, data }
      : data === undefined
        ? { ...base, isPending: true, isError: false, data: undefined }
        : { ...base, isPending: false, isError: false, data };
  snapshots.set(entry, { version, result });
  return result;
}

/**
 * `useQuery` for the first page: React Query's observer when a client is in context, a read of its
 * own before (see the module's comment). A hook whose client arrives while it is mounted does not
 * count that as a mount: it asks again only for what it has no answer to.
 */
export function useLazyQuery<T>(options: LazyQueryOptions<T>): LazyQueryResult<T> {
  const client = useOptionalQueryClient();
  const enabled = options.enabled ?? true;
  const hash = hashQueryKey(options.queryKey);
  const [mountedWithClient] = useState(client !== undefined);
  const observer = useMemo(() => {
    if (!client) return undefined;
    if (!observerClass) throw new Error('useLazyQuery: a QueryClient is set but query-client.ts has not been loaded');
    const initial = observerOptions(options);
    return new observerClass(client, mountedWithClient ? initial : { ...initial, refetchOnMount: false });
    // The observer lives as long as its client; each render's options reach it in the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client]);
  const defaulted = client?.defaultQueryOptions(observerOptions(options));
  if (defaulted) defaulted._optimisticResults = 'optimistic';

  const entry = observer ? undefined : entryOf(options.queryKey);
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (observer) {
        const unsubscribe = observer.subscribe(onChange);
        observer.updateResult();
        return unsubscribe;
      }
      entry!.listeners.add(onChange);
      return () => void entry!.listeners.delete(onChange);
    },
    // The entry is the hash's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [observer, hash],
  );
  const refetch = useCallback(() => (entry ? fetchEntry(entry, options) : Promise.resolve()), [entry, options]);
  const snapshot = () => (observer ? observer.getCurrentResult() : entryResult<T>(entry!, refetch));
  useSyncExternalStore(subscribe, snapshot, snapshot);

  useEffect(() => {
    if (observer && defaulted) observer.setOptions(defaulted);
  });

  // Before the client: each key read once by this hook, when it has no answer, when its answer is
  // older than `staleTime`, or always ('always'); a failed read waits for `refetch`.
  const [asked] = useState(() => new Set<string>());
  useEffect(() => {
    if (!entry || !enabled || asked.has(hash)) return;
    asked.add(hash);
    const stale = entry.data === undefined || Date.now() - entry.dataUpdatedAt > (options.staleTime ?? Infinity);
    if (stale || options.refetchOnMount === 'always') void fetchEntry(entry, options);
  });

  // The last answer of another key, while this one loads (keepPrevious).
  const [previous, setPrevious] = useState<T | undefined>(undefined);
  const own: LazyQueryResult<T> = observer ? observer.getOptimisticResult(defaulted!) : entryResult<T>(entry!, refetch);
  // Noted during render (React's way to keep state in step with a value): no effect, no extra commit.
  if (!observer && own.data !== undefined && own.data !== previous) setPrevious(own.data);
  if (!observer && options.keepPrevious && own.isPending && previous !== undefined) {
    return { ...own, isPending: false, isError: false, data: previous, isPlaceholderData: true };
  }
  return own;
}
