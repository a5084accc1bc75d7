import { MyApplicationsResponse } from '@hireloop/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, parseAnswer, UnexpectedAnswerError } from '../../../lib/api-client';

/** `GET /api/applications`: the signed-in candidate's applications, newest first. */
export const MY_APPLICATIONS_PATH = '/api/applications';
export const myApplicationsQueryKey = (userId: string) => [MY_APPLICATIONS_PATH, userId] as const;

export async function getMyApplications({ signal }: { signal?: AbortSignal } = {}): Promise<MyApplicationsResponse> {
  const answer = parseAnswer(MyApplicationsResponse, await getJson(MY_APPLICATIONS_PATH, { signal }), MY_APPLICATIONS_PATH);
  if (!Array.isArray(answer.applications)) throw new UnexpectedAnswerError(MY_APPLICATIONS_PATH, 'a list of applications');
  return answer;
}

export const myApplicationsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: myApplicationsQueryKey(userId),
    queryFn: ({ signal }) => getMyApplications({ signal }),
    // Applying happens on other pages: the dashboard shows the list as it is now.
    refetchOnMount: 'always',
  });

export function useMyApplications(userId: string | null, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...myApplicationsQueryOptions(userId ?? ''), enabled: enabled && userId !== null });
}
