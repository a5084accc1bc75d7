import {
  PROFILE_MESSAGES,
  CandidateCreated,
  type CandidateFromExtractionBody,
} from '@hireloop/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { clientErrorText, parseAnswer, sendJson } from '../../../lib/api-client';

export const CANDIDATES_PATH = '/api/candidates';

export type CandidateCreatedAnswer = z.output<typeof CandidateCreated>;

/**
 * The signed-in candidate's own profile (`GET /api/profile`), keyed by its path as every query
 * of the app is: creating a profile changes it.
 */
const ownProfileKey = ['/api/profile'] as const;

/**
 * `POST /api/candidates`: a profile for the signed-in candidate from an extraction (the body is
 * `candidateFromExtraction(resume)`). 201 `{ success, message, profile }`; refusals: 401 signed
 * out, 403 not a candidate, 409 a profile already exists, 400 a field the rules refuse.
 */
export async function createCandidate(body: CandidateFromExtractionBody): Promise<CandidateCreatedAnswer> {
  return parseAnswer(CandidateCreated, await sendJson('POST', CANDIDATES_PATH, body), CANDIDATES_PATH);
}

/** The 'Registration Failed' toast's words (§8): the server's reason, or the spec's default. */
export function registrationErrorText(error: unknown): string {
  return clientErrorText(error) ?? PROFILE_MESSAGES.registrationFailedDetail;
}

export function useCreateCandidate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCandidate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownProfileKey }),
  });
}
