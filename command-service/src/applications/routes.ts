import { signedInOnly } from '@hireloop/platform/http/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { ApplicationMoved, ApplyResponse, type ApplicationStatus, type Role, ErrorBody, MoveApplicationBody, jobStreamId } from '@hireloop/contracts';
import { requireAccount } from '../auth/accounts';
import { jobDecider } from '../jobs/decider';
import { handleCommandWithState } from '../shared/command-handler';
import { loadState } from '../shared/stream';
import type { CommandServiceDeps } from '../shared/deps';
import { commandContext, withPosition } from '../shared/request-context';
import { applicationStreamId } from './stream-id';
import { applicationDecider, type ApplicationCommand, type ApplicationMover } from './decider';
import { applicationMoveMails } from './mail';
import { submitApplication } from './submit';

export { applicationStreamId } from './stream-id';

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
      const submitted = await submitApplication(deps, account, request.params.jobId, commandContext(deps, request, { userId: account.userId, role: account.role }));
      return withPosition(reply, submitted.position).status(201).send({ success: true, applicationId: submitted.applicationId, appliedAt: submitted.appliedAt });
    },
  );

  /**
   * Runs a move on the application's stream and answers where the application is after it (a move
   * to where it already is records nothing and still answers where it is).
   */
  const runMove = async (streamId: string, command: ApplicationCommand, request: FastifyRequest, actor: { userId: string; role: Role }) => {
    // The candidate hears of an interview or a decline by mail (a move to where it already is records nothing, and mails nothing).
    const result = await handleCommandWithState(deps.eventStore, streamId, applicationDecider, () => command, commandContext(deps, request, actor), {
      outbox: (events, { version }) => applicationMoveMails(deps, events, version, (error, messageId) => request.log.warn({ err: error, messageId }, 'application mail could not be queued')),
    });
    const status: ApplicationStatus = result.state.status === 'none' ? 'applied' : result.state.status;
    return { position: result.position, status };
  };
  const moverOf = (account: Awaited<ReturnType<typeof requireAccount>>): ApplicationMover => ({ userId: account.userId, role: account.role, type: account.type, companyId: account.companyId });
  const IdParam = z.string().min(1).max(100);

  /** The company that posted the job (or an admin) moves an application: viewed, interview, declined (issue 13). */
  app.post(
    '/api/jobs/:jobId/applicants/:candidateUserId/status',
    {
      onRequest: signedInOnly,
      schema: {
        tags: ['applications'],
        params: z.object({ jobId: IdParam, candidateUserId: IdParam }),
        body: MoveApplicationBody,
        response: { 200: ApplicationMoved, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request, reply) => {
      const account = await requireAccount(deps, request);
      const { jobId, candidateUserId } = request.params;
      const { state: job } = await loadState(deps.eventStore, jobStreamId(jobId), jobDecider);
      const moved = await runMove(
        applicationStreamId(jobId, candidateUserId),
        { type: 'MoveApplication', data: { to: request.body.status, by: moverOf(account), job, at: deps.clock.now().toISOString() } },
        request,
        { userId: account.userId, role: account.role },
      );
      return withPosition(reply, moved.position).send({ success: true, status: moved.status });
    },
  );

  /** The candidate withdraws their own application to a job. */
  app.post(
    '/api/jobs/:jobId/application/withdraw',
    {
      onRequest: signedInOnly,
      schema: {
        tags: ['applications'],
        params: z.object({ jobId: IdParam }),
        body: z.unknown().optional(),
        response: { 200: ApplicationMoved, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request, reply) => {
      const account = await requireAccount(deps, request);
      const { jobId } = request.params;
      const moved = await runMove(
        applicationStreamId(jobId, account.userId),
        { type: 'WithdrawApplication', data: { by: moverOf(account), at: deps.clock.now().toISOString() } },
        request,
        { userId: account.userId, role: account.role },
      );
      return withPosition(reply, moved.position).send({ success: true, status: moved.status });
    },
  );
};
