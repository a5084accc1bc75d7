import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError, ErrorBody, JOB_MESSAGES, MyApplicationsResponse, type CandidateApplication } from '@hireloop/contracts';
import type { ReadStore } from '@hireloop/platform/read-store';
import { applicationsProjection } from '@hireloop/projections/applications/projection';
import { findApplicationsOfCandidate } from '@hireloop/projections/applications/queries';
import { jobBoardProjection } from '@hireloop/projections/job-board/projection';
import { jobsCollection } from '@hireloop/projections/job-board/queries';
import { usersProjection } from '@hireloop/projections/users/projection';
import { findUserById } from '@hireloop/projections/users/queries';

/** `GET /api/applications`: the signed-in candidate's applications, newest first, with the job each is for (part 2 §2). */
export const applicationQueryRoutes: FastifyPluginAsyncZod<{ readStore: ReadStore }> = async (app, { readStore }) => {
  app.get(
    '/api/applications',
    { schema: { tags: ['applications'], response: { 200: MyApplicationsResponse, 401: ErrorBody, 403: ErrorBody } } },
    async (request, reply) => {
      const session = await request.requireSession();
      await request.readModelsCaughtUp([usersProjection.name, applicationsProjection.name, jobBoardProjection.name]);
      const user = await findUserById(readStore, session.userId);
      if (user && user.type !== 'candidate') throw new DomainError('forbidden', JOB_MESSAGES.candidatesOnly);
      const applied = await findApplicationsOfCandidate(readStore, session.userId);
      const jobIds = [...new Set(applied.map((application) => application.jobId))];
      const jobs = jobIds.length ? await jobsCollection(readStore).find({ _id: { $in: jobIds } }) : [];
      const byId = new Map(jobs.map((job) => [job._id, job]));
      const applications = applied.flatMap((application): CandidateApplication[] => {
        const job = byId.get(application.jobId);
        // A job the board does not show (yet) is left out rather than listed without a title.
        if (!job) return [];
        return [
          {
            applicationId: application.applicationId,
            jobId: application.jobId,
            jobTitle: job.title,
            company: job.company,
            location: job.location,
            appliedAt: application.submittedAt,
            jobIsOpen: job.isActive,
          },
        ];
      });
      reply.header('cache-control', 'private, no-store');
      return { applications };
    },
  );
};
