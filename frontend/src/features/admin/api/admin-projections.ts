import { AdminProjectionList, AdminProjectionRebuildAnswer, AdminProjectionRetryAnswer } from '@hireloop/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, parseAnswer, sendJson } from '../../../lib/api-client';

export const ADMIN_PROJECTIONS_PATH = '/api/admin/projections';
export const adminProjectionsKey = [ADMIN_PROJECTIONS_PATH] as const;

/** `GET /api/admin/projections`: each read model's health, lag and last rebuild (ADR 087). */
export async function getAdminProjections({ signal }: { signal?: AbortSignal } = {}): Promise<AdminProjectionList> {
  return parseAnswer(AdminProjectionList, await getJson(ADMIN_PROJECTIONS_PATH, { signal }), ADMIN_PROJECTIONS_PATH);
}

/** Read again every 2 s while the tab is open: lag and a rebuild's progress move on their own. */
export const adminProjectionsQueryOptions = () =>
  queryOptions({ queryKey: adminProjectionsKey, queryFn: ({ signal }) => getAdminProjections({ signal }), refetchInterval: 2000 });

export const useAdminProjections = () => useQuery(adminProjectionsQueryOptions());

/** `POST /api/admin/projections/:name/rebuild` (super admins): a blue/green rebuild in the background. */
export function useRebuildProjection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const path = `${ADMIN_PROJECTIONS_PATH}/${encodeURIComponent(name)}/rebuild`;
      return parseAnswer(AdminProjectionRebuildAnswer, await sendJson('POST', path), path);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminProjectionsKey }),
  });
}

/** `POST /api/admin/projections/:name/retry` (super admins): the parked events applied again. */
export function useRetryProjection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const path = `${ADMIN_PROJECTIONS_PATH}/${encodeURIComponent(name)}/retry`;
      return parseAnswer(AdminProjectionRetryAnswer, await sendJson('POST', path), path);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminProjectionsKey }),
  });
}
