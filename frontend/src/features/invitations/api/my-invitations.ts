import { CandidateInvitationsResponse, type CandidateInvitation } from '@hireloop/contracts';
import { useQuery } from '@tanstack/react-query';
import { getJson, parseAnswer } from '../../../lib/api-client';

export const MY_INVITATIONS_PATH = '/api/my-invitations';
export const myInvitationsQueryKey = [MY_INVITATIONS_PATH] as const;

/** `GET /api/my-invitations`: the signed-in candidate's invitations to apply, newest first (ADR 062). */
export async function getMyInvitations({ signal }: { signal?: AbortSignal } = {}): Promise<CandidateInvitation[]> {
  return parseAnswer(CandidateInvitationsResponse, await getJson(MY_INVITATIONS_PATH, { signal }), MY_INVITATIONS_PATH).invitations;
}

/**
 * The candidate's invitations. Their states move when a company acts (a new request, the offer
 * stage) or when the candidate answers on the invitation page: read again whenever a page showing
 * them mounts.
 */
export function useMyInvitations({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: myInvitationsQueryKey, queryFn: ({ signal }) => getMyInvitations({ signal }), refetchOnMount: 'always', enabled });
}
