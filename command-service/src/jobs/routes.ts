import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError, ErrorBody, MESSAGES, PostJobBody, PostJobResponse, jobFromPosted, jobStreamId, type JobPosted } from '@hireloop/contracts';
import { loadCompanyName, loadUserAccount } from '../auth/accounts';
import { handleCommand } from '../shared/command-handler';
import type { CommandServiceDeps } from '../shared/deps';
import { commandContext, withPosition } from '../shared/request-context';
import { jobDecider } from './decider';

export const jobRoutes: FastifyPluginAsyncZod<{ deps: CommandServiceDeps }> = async (app, { deps }) => {
  app.post(
    '/api/jobs',
    {
      schema: {
        tags: ['jobs'],
        body: PostJobBody,
        response: { 201: PostJobResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 412: ErrorBody },
      },
    },
    async (request, reply) => {
      const session = await request.requireSession();
      const account = await loadUserAccount(deps, session.userId);
      if (account.status !== 'registered') throw new DomainError('unauthenticated', MESSAGES.sessionExpired);

      const jobId = deps.ids.newId();
      const result = await handleCommand(
        deps.eventStore,
        jobStreamId(jobId),
        jobDecider,
        {
          type: 'PostJob',
          data: {
            jobId,
            shareToken: deps.ids.newToken(16),
            job: request.body,
            poster: {
              userId: account.userId,
              type: account.type,
              role: account.role,
              companyId: account.companyId,
              companyName: await loadCompanyName(deps, account.companyId),
            },
          },
        },
        commandContext(deps, request, { userId: account.userId, role: account.role }),
      );
      const posted = result.events[0]!.data as JobPosted;
      return withPosition(reply, result.position).status(201).send({ success: true, job: jobFromPosted(posted, deps.clock.now().toISOString()) });
    },
  );
};
