import { z } from 'zod';

/** At most this many candidates are scored in one call (a page of Browse Candidates is 20 cards). */
export const CANDIDATE_MATCHES_MAX_IDS = 50;

export const CANDIDATE_MATCH_MESSAGES = {
  signIn: 'Please sign in to continue',
  companiesOnly: 'Only the company that posted this job can see how candidates match it.',
  jobNotOpen: 'Choose one of your open jobs to see how candidates match it.',
  ids: `ids must be 1 to ${CANDIDATE_MATCHES_MAX_IDS} candidate ids, separated by commas`,
} as const;

/**
 * `GET /api/candidates/matches?jobId=…&ids=a,b,c` (issue 24): how well each of these candidates'
 * cards fits one of the caller's own open jobs — the candidate side's match score (ADR 027), its
 * reasons and warnings told about the candidate. Ids that are not a public card are left out.
 */
export const CandidateMatchesQuery = z.object({
  jobId: z.string({ error: 'jobId is required' }).trim().min(1, 'jobId is required').max(100, 'jobId is at most 100 characters'),
  ids: z
    .string({ error: CANDIDATE_MATCH_MESSAGES.ids })
    .transform((text) => [...new Set(text.split(',').map((id) => id.trim()).filter(Boolean))])
    .pipe(z.array(z.string().max(100, CANDIDATE_MATCH_MESSAGES.ids)).min(1, CANDIDATE_MATCH_MESSAGES.ids).max(CANDIDATE_MATCHES_MAX_IDS, CANDIDATE_MATCH_MESSAGES.ids)),
});

export const CandidateMatch = z.object({
  /** The card's (profile's) id. */
  candidateId: z.string(),
  /** 0–100. */
  score: z.number().int().min(0).max(100),
  reasons: z.array(z.string()),
  warnings: z.array(z.string()),
});
export type CandidateMatch = z.infer<typeof CandidateMatch>;

export const CandidateMatches = z.object({
  jobId: z.string(),
  jobTitle: z.string(),
  matchScoreVersion: z.number().int(),
  matches: z.array(CandidateMatch),
});
export type CandidateMatches = z.infer<typeof CandidateMatches>;
