import { type BillingPeriod, CreateSubscriptionResponse, CurrentSubscription, JobList, type PlanId, type SubscriptionPlan, SubscriptionPlansResponse, TOTAL_COUNT_HEADER } from '@hireloop/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, getJsonWithHeaders, parseAnswer, sendJson } from '../../../lib/api-client';

/** `GET /api/subscription/plans`: the plans and prices (anyone; ADR 030). */
export const PLANS_PATH = '/api/subscription/plans';
export const plansQueryKey = [PLANS_PATH] as const;

/** `GET /api/subscription/current`: the signed-in company's plan and its status. */
export const CURRENT_SUBSCRIPTION_PATH = '/api/subscription/current';
/** Per user: another account signed in on this tab must not see the previous one's plan. */
export const currentSubscriptionQueryKey = (userId: string) => [CURRENT_SUBSCRIPTION_PATH, userId] as const;

/** `POST /api/subscription/create`: the free plan applies at once; a paid plan answers a checkout URL. */
export const CREATE_SUBSCRIPTION_PATH = '/api/subscription/create';

/**
 * The company's open job posts, for the usage line ('Job Posts N of M'): the total of
 * `GET /api/jobs?mine=true&status=open` with one job per page. Under the job lists' key prefix, so
 * posting, closing or reopening a job (which invalidate every job list) refreshes it too.
 */
export const OPEN_JOB_POSTS_PATH = '/api/jobs?status=open&page=1&pageSize=1&mine=true';
export const openJobPostsQueryKey = (userId: string) => ['/api/jobs', 'open-job-posts', userId] as const;

export async function getPlans({ signal }: { signal?: AbortSignal } = {}): Promise<SubscriptionPlan[]> {
  return parseAnswer(SubscriptionPlansResponse, await getJson(PLANS_PATH, { signal }), PLANS_PATH);
}

export async function getCurrentSubscription({ signal }: { signal?: AbortSignal } = {}): Promise<CurrentSubscription> {
  return parseAnswer(CurrentSubscription, await getJson(CURRENT_SUBSCRIPTION_PATH, { signal }), CURRENT_SUBSCRIPTION_PATH);
}

export async function createSubscription(body: { planId: PlanId; billingPeriod: BillingPeriod }): Promise<CreateSubscriptionResponse> {
  return parseAnswer(CreateSubscriptionResponse, await sendJson('POST', CREATE_SUBSCRIPTION_PATH, body), CREATE_SUBSCRIPTION_PATH);
}

export async function getOpenJobPostCount({ signal }: { signal?: AbortSignal } = {}): Promise<number> {
  const { body, headers } = await getJsonWithHeaders(OPEN_JOB_POSTS_PATH, { signal });
  const header = headers.get(TOTAL_COUNT_HEADER);
  const total = Number(header);
  if (header !== null && header.trim() !== '' && Number.isSafeInteger(total) && total >= 0) return total;
  return parseAnswer(JobList, body, OPEN_JOB_POSTS_PATH).length;
}

export const plansQueryOptions = () =>
  queryOptions({
    queryKey: plansQueryKey,
    queryFn: ({ signal }) => getPlans({ signal }),
    // The server caches them for 5 minutes too (`public, max-age=300`).
    staleTime: 5 * 60_000,
  });

export function usePlans() {
  return useQuery(plansQueryOptions());
}

/**
 * The company's subscription; only asked for company users (part 2 §6), and not retried (§7).
 * `userId` null: nobody to ask for, the query stays idle.
 */
export function useCurrentSubscription(userId: string | null) {
  return useQuery({
    queryKey: currentSubscriptionQueryKey(userId ?? ''),
    queryFn: ({ signal }) => getCurrentSubscription({ signal }),
    enabled: userId !== null,
    retry: false,
  });
}

export function useOpenJobPostCount(userId: string | null) {
  return useQuery({
    queryKey: openJobPostsQueryKey(userId ?? ''),
    queryFn: ({ signal }) => getOpenJobPostCount({ signal }),
    enabled: userId !== null,
    retry: false,
  });
}

export function useCreateSubscription(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubscription,
    // The free plan changed the subscription; a checkout started marks it pending.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentSubscriptionQueryKey(userId), exact: true }),
  });
}
