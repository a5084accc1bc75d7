import { signedInOnly } from '@hireloop/platform/http/auth';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_MESSAGES,
  AdminCreateJobBody,
  DomainError,
  ErrorBody,
  JobStatusChange,
  PostJobBody,
  PostJobResponse,
  isAdminRole,
  jobFromPosted,
  jobStreamId,
  type PostJobCommandData,
} from '@hireloop/contracts';
import { loadCompanyName, requireAccount, type RegisteredAccount } from '../auth/accounts';
import { decideOn, handleCommand, type CommandContext } from '../shared/command-handler';
import type { CommandServiceDeps } from '../shared/deps';
import { commandContext, withPosition } from '../shared/request-context';
import { jobDecider, type JobCommand } from '../jobs/decider';
import { changeJobWithinPlan, countsAgainstPlan } from '../plan-limits/job-postings';
import { throttleJobPosting } from './throttle';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 412: ErrorBody };

/**
 * Runs a job command; a company user's post or reopening also takes one of the plan's job
 * postings (plan limits, ADR 030), admins' do not.
 */
async function runJobCommand(deps: CommandServiceDeps, account: RegisteredAccount, jobId: string, command: JobCommand, context: CommandContext) {
  if (countsAgainstPlan(account)) {
    return changeJobWithinPlan(deps, { companyId: account.companyId, jobId, decideJob: () => decideOn(deps.eventStore, jobStreamId(jobId), jobDecider, command) }, context);
  }
  return handleCommand(deps.eventStore, jobStreamId(jobId), jobDecider, command, context);
}
const JobParams = z.object({ jobId: z.string().min(1).max(100) });

export const jobRoutes: FastifyPluginAsyncZod<{ deps: CommandServiceDeps }> = async (app, { deps }) => {
  const signedInAccount = (request: FastifyRequest) => requireAccount(deps, request);

  const post = async (account: RegisteredAccount, job: PostJobCommandData, companyId: string | null | undefined, request: FastifyRequest) => {
    await throttleJobPosting(deps, account.userId, request.ip);
    const jobId = deps.ids.newId();
    const result = await runJobCommand(
      deps,
      account,
      jobId,
      {
        type: 'PostJob',
        data: {
          jobId,
          shareToken: deps.ids.newToken(16),
          job,
          companyId,
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
    const [posted] = result.events;
    if (posted?.type !== 'JobPosted') throw new Error('PostJob did not record JobPosted');
    return { position: result.position, job: jobFromPosted(posted.data, posted.occurredAt) };
  };

  app.post('/api/jobs', { onRequest: signedInOnly, schema: { tags: ['jobs'], body: PostJobBody, response: { 201: PostJobResponse, ...errors } } }, async (request, reply) => {
    const account = await signedInAccount(request);
    const { position, job } = await post(account, request.body, undefined, request);
    return withPosition(reply, position).status(201).send({ success: true, job });
  });

  app.post(
    '/api/admin/jobs',
    { onRequest: signedInOnly, schema: { tags: ['admin'], body: AdminCreateJobBody, response: { 201: PostJobResponse, ...errors } } },
    async (request, reply) => {
      const account = await signedInAccount(request);
      if (!isAdminRole(account.role)) throw new DomainError('forbidden', ADMIN_MESSAGES.adminOnly);
      const { companyId, ...job } = request.body;
      const { position, job: created } = await post(account, job, companyId, request);
      return withPosition(reply, position).status(201).send({ success: true, job: created });
    },
  );

  for (const [action, command] of [
    ['close', 'CloseJob'],
    ['reopen', 'ReopenJob'],
  ] as const) {
    app.post(
      `/api/jobs/:jobId/${action}`,
      { onRequest: signedInOnly, schema: { tags: ['jobs'], params: JobParams, body: z.unknown().optional(), response: { 200: JobStatusChange, ...errors } } },
      async (request, reply) => {
        const account = await signedInAccount(request);
        const { jobId } = request.params;
        const by = { userId: account.userId, role: account.role, companyId: account.companyId };
        const at = deps.clock.now().toISOString();
        const context = commandContext(deps, request, { userId: account.userId, role: account.role });
        // Reopening takes a posting again; closing frees one (it is no longer open).
        const result =
          command === 'ReopenJob'
            ? await runJobCommand(deps, account, jobId, { type: command, data: { jobId, by, at } }, context)
            : await handleCommand(deps.eventStore, jobStreamId(jobId), jobDecider, { type: command, data: { jobId, by, at } }, context);
        return withPosition(reply, result.position).send({ success: true, jobId, isActive: command === 'ReopenJob' });
      },
    );
  }
};
