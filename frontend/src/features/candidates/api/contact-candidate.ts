import { type ContactCandidateBody, ContactCandidateResponse } from '@hireloop/contracts';
import { useMutation } from '@tanstack/react-query';
import { parseAnswer, sendJson } from '../../../lib/api-client';

/** `POST /api/candidates/contact` (part 2 §7): candidateId, message, contactType inquiry. */
export async function contactCandidate(body: ContactCandidateBody): Promise<ContactCandidateResponse> {
  return parseAnswer(ContactCandidateResponse, await sendJson('POST', '/api/candidates/contact', body), '/api/candidates/contact');
}

export function useContactCandidateMutation() {
  return useMutation({ mutationFn: contactCandidate });
}

/** Whether a failed contact says the plan does not allow it (part 2 §7: `requiresUpgrade`). */
export { requiresUpgrade } from '../../../lib/api-client';
