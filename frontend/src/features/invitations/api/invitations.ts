import { type AvailabilityBody, type CompanyInvitation, CompanyInvitationsResponse, InvitationResponse, OfferStageResponse, type SendInvitationBody, SendInvitationResponse } from '@hireloop/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, parseAnswer, sendJson } from '../../../lib/api-client';

// ---------------------------------------------------------------------------------------------
// The candidate's side: everything by the link's token, signed in or not (part 1 §6, §7); or, for
// the signed-in invitee, by the invitation's id from their dashboard or inbox (ADR 062).

/** A bare invitation id (32 hex digits, the head of every token): the signed-in invitee's own routes. */
const isInvitationId = (key: string) => /^[0-9a-f]{32}$/.test(key);

/**
 * `key` is the mail's token (`<id>.<secret>`) or, signed in, the invitation's id. The token is the
 * credential: it goes in the path only, and no cache keeps the answer (ADR 031); by id, the session is.
 */
const invitationPath = (key: string) => (isInvitationId(key) ? `/api/my-invitations/${key}` : `/api/invitations/${encodeURIComponent(key)}`);

/** `GET /api/invitations/{token}`: the job, the company, the message; 404 for unknown and expired links alike. */
export async function getInvitation(token: string, { signal }: { signal?: AbortSignal } = {}): Promise<InvitationResponse> {
  const path = invitationPath(token);
  return parseAnswer(InvitationResponse, await getJson(path, { signal, cache: 'no-store' }), isInvitationId(token) ? '/api/my-invitations/…' : '/api/invitations/…');
}

// The key holds the token, as every query key holds its path; the cache lives in this tab only.
export const invitationQueryKey = (token: string) => [invitationPath(token)] as const;

export const invitationQueryOptions = (token: string) =>
  queryOptions({ queryKey: invitationQueryKey(token), queryFn: ({ signal }) => getInvitation(token, { signal }) });

export function useInvitation(token: string) {
  return useQuery(invitationQueryOptions(token));
}

/**
 * `POST /api/invitations/{token}/view` (or by id, signed in): the page was opened, which the
 * company's list shows as Viewed (ADR 070). The server records the first view only.
 */
export async function recordInvitationView(token: string): Promise<void> {
  await sendJson('POST', `${invitationPath(token)}/view`, {}, { cache: 'no-store' });
}

/** `POST /api/invitations/{token}/reveal` (empty JSON object): idempotent on the server. */
export async function revealProfile(token: string): Promise<void> {
  await sendJson('POST', `${invitationPath(token)}/reveal`, {}, { cache: 'no-store' });
}

/** `POST /api/invitations/{token}/decline` (or by id, signed in): the candidate says no (ADR 104); idempotent on the server. */
export async function declineInvitation(token: string): Promise<void> {
  await sendJson('POST', `${invitationPath(token)}/decline`, {}, { cache: 'no-store' });
}

/** `POST /api/invitations/{token}/availability`: accepted once, after the reveal. */
export async function submitAvailability(token: string, body: AvailabilityBody): Promise<void> {
  await sendJson('POST', `${invitationPath(token)}/availability`, body, { cache: 'no-store' });
}

// ---------------------------------------------------------------------------------------------
// The company's side: its requests (ADR 031).

export const COMPANY_INVITATIONS_PATH = '/api/job-invitations';
export const companyInvitationsQueryKey = [COMPANY_INVITATIONS_PATH] as const;

/** `GET /api/job-invitations`: the signed-in company's requests, newest first. */
export async function getCompanyInvitations({ signal }: { signal?: AbortSignal } = {}): Promise<CompanyInvitation[]> {
  const answer = parseAnswer(CompanyInvitationsResponse, await getJson(COMPANY_INVITATIONS_PATH, { signal }), COMPANY_INVITATIONS_PATH);
  return answer.invitations;
}

/**
 * The company's requests. Their states move when the candidate acts, elsewhere: the list is read
 * again whenever a page showing it mounts.
 */
export function useCompanyInvitations({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: companyInvitationsQueryKey,
    queryFn: ({ signal }) => getCompanyInvitations({ signal }),
    refetchOnMount: 'always',
    enabled,
  });
}

/** `POST /api/job-invitations/send` (part 2 §7): a company's own job, or any job for an admin. */
export async function sendInvitation(body: SendInvitationBody): Promise<SendInvitationResponse> {
  const path = '/api/job-invitations/send';
  return parseAnswer(SendInvitationResponse, await sendJson('POST', path, body), path);
}

export function useSendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendInvitation,
    // The cards and the list show the new request (and an already open one, after a 409).
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyInvitationsQueryKey, exact: true }),
  });
}

/** `POST /api/job-invitations/{invitationId}/offer-stage`: a request with interview times offered moves to the offer stage. */
export async function moveToOfferStage(invitationId: string): Promise<OfferStageResponse> {
  const path = `${COMPANY_INVITATIONS_PATH}/${encodeURIComponent(invitationId)}/offer-stage`;
  return parseAnswer(OfferStageResponse, await sendJson('POST', path, {}), path);
}

export function useMoveToOfferStage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveToOfferStage,
    // The list and the cards show the new state (or the one the server has, after a 409).
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyInvitationsQueryKey, exact: true }),
  });
}
