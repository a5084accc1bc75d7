import { AuthProviders } from '@hireloop/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

export const authProvidersQueryKey = ['/api/auth/providers'] as const;

/** `GET /api/auth/providers`: which social sign-ins this server offers. */
export async function getAuthProviders({ signal }: { signal?: AbortSignal } = {}): Promise<AuthProviders> {
  return AuthProviders.parse(await getJson('/api/auth/providers', { signal }));
}

export const authProvidersQueryOptions = () =>
  queryOptions({
    queryKey: authProvidersQueryKey,
    queryFn: ({ signal }) => getAuthProviders({ signal }),
  });

export function useAuthProviders() {
  return useQuery(authProvidersQueryOptions());
}
