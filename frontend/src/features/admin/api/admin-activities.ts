import { type AdminActivity, type AdminActivityAction, AdminActivityList } from '@hireloop/contracts';
import { TOTAL_COUNT_HEADER } from '@hireloop/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJsonWithHeaders, parseAnswer } from '../../../lib/api-client';

export const ADMIN_ACTIVITIES_PATH = '/api/admin/activities';
export const ADMIN_ACTIVITY_STREAM_PATH = '/api/admin/activities/stream';
export const adminActivitiesKey = [ADMIN_ACTIVITIES_PATH] as const;

/** The Activities tab's filters (ADR 035): an admin's user id, an action, a day range; '' for none. */
export interface ActivityFilters {
  admin: string;
  action: AdminActivityAction | '';
  from: string;
  to: string;
}

export const NO_ACTIVITY_FILTERS: ActivityFilters = { admin: '', action: '', from: '', to: '' };

export interface ActivityListParams extends ActivityFilters {
  page: number;
  pageSize: number;
}

export interface ActivityPage {
  activities: AdminActivity[];
  total: number;
}

export function activitiesPath(params: ActivityListParams): string {
  const query = new URLSearchParams();
  for (const name of ['admin', 'action', 'from', 'to'] as const) if (params[name]) query.set(name, params[name]);
  query.set('page', String(params.page));
  query.set('pageSize', String(params.pageSize));
  return `${ADMIN_ACTIVITIES_PATH}?${query.toString()}`;
}

/** `GET /api/admin/activities?…`: newest first, the total in `X-Total-Count`. */
export async function getAdminActivities(params: ActivityListParams, { signal }: { signal?: AbortSignal } = {}): Promise<ActivityPage> {
  const { body, headers } = await getJsonWithHeaders(activitiesPath(params), { signal });
  const activities = parseAnswer(AdminActivityList, body, ADMIN_ACTIVITIES_PATH);
  const total = Number(headers.get(TOTAL_COUNT_HEADER));
  return { activities, total: Number.isFinite(total) && total >= activities.length ? total : activities.length };
}

export const adminActivitiesQueryKey = (params: ActivityListParams) => [...adminActivitiesKey, params] as const;

export const adminActivitiesQueryOptions = (params: ActivityListParams) =>
  queryOptions({
    queryKey: adminActivitiesQueryKey(params),
    queryFn: ({ signal }) => getAdminActivities(params, { signal }),
    placeholderData: keepPreviousData,
  });

/** `onPage` sees each page as it arrives (the tab learns the admins it can filter by). */
export const useAdminActivities = (params: ActivityListParams, { onPage }: { onPage?: (activities: AdminActivity[]) => void } = {}) =>
  useQuery({
    ...adminActivitiesQueryOptions(params),
    queryFn: async ({ signal }) => {
      const answer = await getAdminActivities(params, { signal });
      onPage?.(answer.activities);
      return answer;
    },
  });

/** Whether a new entry belongs in a list with these filters (the server's rules: `to` holds its whole day). */
export function matchesFilters(activity: AdminActivity, filters: ActivityFilters): boolean {
  if (filters.admin && activity.adminId !== filters.admin) return false;
  if (filters.action && activity.action !== filters.action) return false;
  const day = activity.createdAt.slice(0, 10);
  if (filters.from && day < filters.from) return false;
  if (filters.to && day > filters.to) return false;
  return true;
}
