import { QueryClient, QueryObserver, type QueryFunction } from '@tanstack/react-query';
import { getJson, onSessionExpired } from './api-client';
import { provideQueryObserver } from './lazy-query';

// The first page's reads become React Query observers once this module is here (ADR 122).
provideQueryObserver(QueryObserver);

/** Spec part 1, §7: by default a query is a GET to the first element of its key, reading JSON. */
const defaultQueryFn: QueryFunction = ({ queryKey, signal }) => getJson(String(queryKey[0]), { signal });

/** Data-fetching defaults of spec part 1, §9. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

export const queryClient = createQueryClient();

// An expired session leaves nothing cached behind (the page reloads right after).
onSessionExpired(() => queryClient.clear());
