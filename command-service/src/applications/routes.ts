import { signedInOnly } from '@hireloop/platform/http/auth';
import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApplyResponse, DomainError, ErrorBody, JOB_MESSAGES, jobStreamId } from '@hireloop/contracts';
import { requireAccount } from '../auth/accounts';
import { jobDecider } from '../jobs/decider';
import { handleCommand } from '../shared/command-handler';
import { loadState } from '../shared/stream';
import type { CommandServiceDeps } from '../shared/deps';
import { commandContext, withPosition } from '../shared/request-context';
import { applicationDecider } from './decider';

export const applicationStreamId = (jobId: string, candidateUserId: string) =>
  `application-${createHash('sha256').update(`${jobId}:${candidateUserId}`).digest('hex')}`;

export const applicationRoutes: FastifyPluginAsyncZod<{ deps: CommandServiceDeps }> = async (app, { deps }) => {
  app.post(
    '/api/jobs/:jobId/apply',
    {
      onRequest: signedInOnly,
      schema: {
        tags: ['jobs'],
        params: z.object({ jobId: z.string().min(1).max(100) }),
        body: z.unknown().optional(),
        response: { 201: ApplyResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request, reply) => {
      const account = await requireAccount(deps, request);
      const { jobId } = request.params;
      const { state: job } = await loadState(deps.eventStore, jobStreamId(jobId), jobDecider);
      const submittedAt = deps.clock.now().toISOString();
      const applicationId = deps.ids.newId();
      try {
        const result = await handleCommand(
          deps.eventStore,
          applicationStreamId(jobId, account.userId),
          applicationDecider,
          { type: 'SubmitApplication', data: { applicationId, jobId, candidateUserId: account.userId, submittedAt, candidateType: account.type, job } },
          commandContext(deps, request, { userId: account.userId, role: account.role }),
        );
        return withPosition(reply, result.position).status(201).send({ success: true, applicationId, appliedAt: submittedAt });
      } catch (error) {
        // Two clicks at once: the second lost the race on the application stream.
        if (error instanceof DomainError && error.code === 'version_conflict') throw new DomainError('conflict', JOB_MESSAGES.alreadyApplied);
        throw error;
      }
    },
  );
};
