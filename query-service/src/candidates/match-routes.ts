import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CANDIDATE_MATCH_MESSAGES, CandidateMatches, CandidateMatchesQuery, DomainError, ErrorBody, MESSAGES } from '@hireloop/contracts';
import { findCandidateCards } from '@hireloop/projections/candidate-cards/queries';
import { findJob } from '@hireloop/projections/job-board/queries';
import { MATCH_SCORE_VERSION, matchCandidate } from '@hireloop/projections/matching/match-score';
import { findUserById } from '@hireloop/projections/users/queries';

/**
 * `GET /api/candidates/matches` (issue 24): a company reads how well the candidates on its screen
 * fit one of its own open jobs — the match score of ADR 027 with its reasons and warnings, told
 * about the candidate. Scored from the anonymous cards only (title, skills, experience, location,
 * work preference), so it tells the company nothing a card does not show; computed per call, like
 * the candidate side's scores. Only a user of the job's company may ask: visitors 401, anyone else
 * (candidates, other companies, admins of no such company) 403; an unknown job 404, a closed one 409.
 */
export const candidateMatchQueryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/candidates/matches',
    {
      config: { frequent: true },
      schema: { tags: ['candidates'], querystring: CandidateMatchesQuery, response: { 200: CandidateMatches, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const session = await request.requireSession();
      const user = await findUserById(request.readStore, session.userId);
      const job = await findJob(request.readStore, request.query.jobId);
      if (!user || user.type !== 'company' || !user.companyId) throw new DomainError('forbidden', CANDIDATE_MATCH_MESSAGES.companiesOnly);
      if (!job) throw new DomainError('not_found', MESSAGES.jobNotFound);
      if (job.companyId !== user.companyId) throw new DomainError('forbidden', CANDIDATE_MATCH_MESSAGES.companiesOnly);
      if (!job.isActive) throw new DomainError('conflict', CANDIDATE_MATCH_MESSAGES.jobNotOpen);
      const cards = new Map((await findCandidateCards(request.readStore, request.query.ids)).map((card) => [card.id, card]));
      const matches = request.query.ids.flatMap((id) => {
        const card = cards.get(id);
        if (!card) return [];
        const { score, reasons, warnings } = matchCandidate(card, job);
        return [{ candidateId: id, score, reasons, warnings }];
      });
      return { jobId: job.id, jobTitle: job.title, matchScoreVersion: MATCH_SCORE_VERSION, matches };
    },
  );
};
