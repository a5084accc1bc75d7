import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  APPLICATION_MESSAGES,
  DomainError,
  ErrorBody,
  JOB_MESSAGES,
  JobApplicantsResponse,
  jobTermChanges,
  MyApplicationsResponse,
  type CandidateApplication,
  type JobApplicant,
} from '@hireloop/contracts';
import { profilesCollection } from '@hireloop/projections/candidate-profiles/queries';
import type { ReadStore } from '@hireloop/platform/read-store';
import { findApplicationsToJob } from '@hireloop/projections/applications/queries';
import { findCandidateApplicationRows } from '@hireloop/projections/candidate-applications/queries';
import { jobsCollection } from '@hireloop/projections/job-board/queries';
import { findUserById, usersCollection } from '@hireloop/projections/users/queries';

/**
 * A candidate's applications, newest first, with the job each is for: the answer of
 * `GET /api/applications`, and of the MCP tool `get_my_applications` (ADR 042).
 */
export async function candidateApplications(readStore: ReadStore, userId: string): Promise<CandidateApplication[]> {
  // One indexed query: each row holds the job it is for (ADR 054).
  const rows = await findCandidateApplicationRows(readStore, userId);
  return rows.flatMap((application): CandidateApplication[] => {
    const job = application.job;
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
        status: application.status,
        timeline: application.timeline,
        changedSinceApplied: application.termsWhenApplied ? jobTermChanges(application.termsWhenApplied, job.terms) : [],
      },
    ];
  });
}

/**
 * `GET /api/applications`: the signed-in candidate's applications, newest first, with the job each
 * is for (part 2 §2) and its timeline (issue 13). `GET /api/jobs/{jobId}/applicants`: the
 * applications to one job, for the company that posted it and for admins.
 */
export const applicationQueryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/applications',
    { schema: { tags: ['applications'], response: { 200: MyApplicationsResponse, 401: ErrorBody, 403: ErrorBody } } },
    async (request, reply) => {
      const session = await request.requireSession();
      const user = await findUserById(request.readStore, session.userId);
      if (user && user.type !== 'candidate') throw new DomainError('forbidden', JOB_MESSAGES.candidatesOnly);
      const applications = await candidateApplications(request.readStore, session.userId);
      reply.header('cache-control', 'private, no-store');
      return { applications };
    },
  );

  app.get(
    '/api/jobs/:jobId/applicants',
    {
      schema: {
        tags: ['applications'],
        params: z.object({ jobId: z.string().min(1).max(100) }),
        response: { 200: JobApplicantsResponse, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const session = await request.requireSession();
      const user = await findUserById(request.readStore, session.userId);
      const isAdmin = user?.role === 'admin' || user?.role === 'super_admin';
      if (!user || (user.type !== 'company' && !isAdmin)) throw new DomainError('forbidden', APPLICATION_MESSAGES.companiesOnly);
      const job = await jobsCollection(request.readStore).get(request.params.jobId);
      if (!job) throw new DomainError('not_found', JOB_MESSAGES.notFound);
      // Another company's job is refused, not hidden: its existence is public on the board.
      if (!isAdmin && (job.companyId === null || job.companyId !== user.companyId)) throw new DomainError('forbidden', APPLICATION_MESSAGES.notYourJob);
      const applications = await findApplicationsToJob(request.readStore, job._id);
      const userIds = applications.map((application) => application.candidateUserId);
      const [users, profiles] = userIds.length
        ? await Promise.all([usersCollection(request.readStore).find({ _id: { $in: userIds } }), profilesCollection(request.readStore).find({ userId: { $in: userIds } })])
        : [[], []];
      const names = new Map(users.filter((doc) => !doc.erasedAt).map((doc) => [doc._id, doc.name]));
      const profileOf = new Map(profiles.map((profile) => [profile.userId, profile]));
      const applicants = applications.map((application): JobApplicant => {
        const profile = profileOf.get(application.candidateUserId);
        return {
          applicationId: application.applicationId,
          candidateUserId: application.candidateUserId,
          candidateName: names.get(application.candidateUserId) ?? '',
          profileId: profile?.id ?? null,
          candidateTitle: profile?.title ?? '',
          appliedAt: application.submittedAt,
          status: application.status,
          timeline: application.timeline,
        };
      });
      reply.header('cache-control', 'private, no-store');
      return { applicants };
    },
  );
};
