import { signedInOnly } from '@hireloop/platform/http/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_MESSAGES, AdminCreateJobBody, DomainError, EditJobBody, EditJobResponse, ErrorBody, JobStatusChange, PostJobBody, PostJobResponse, isAdminRole } from '@hireloop/contracts';
import { requireAccount, requireAccountRole } from '../auth/accounts';
import type { CommandServiceDeps } from '../shared/deps';
import { commandContext, withPosition } from '../shared/request-context';
import { changeJobStatus, editJob, postJob } from './post-job';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 412: ErrorBody };
const JobParams = z.object({ jobId: z.string().min(1).max(100) });

export const jobRoutes: FastifyPluginAsyncZod<{ deps: CommandServiceDeps }> = async (app, { deps }) => {
  app.post('/api/jobs', { onRequest: signedInOnly, schema: { tags: ['jobs'], body: PostJobBody, response: { 201: PostJobResponse, ...errors } } }, async (request, reply) => {
    // A post uses the account's kind, role and company, not its name or email (ADR 114).
    const account = await requireAccountRole(deps, request);
    const { position, job } = await postJob(deps, account, request.body, undefined, request.ip, commandContext(deps, request, { userId: account.userId, role: account.role }));
    return withPosition(reply, position).status(201).send({ success: true, job });
  });

  app.post(
    '/api/admin/jobs',
    { onRequest: signedInOnly, schema: { tags: ['admin'], body: AdminCreateJobBody, response: { 201: PostJobResponse, ...errors } } },
    async (request, reply) => {
      const account = await requireAccount(deps, request);
      if (!isAdminRole(account.role)) throw new DomainError('forbidden', ADMIN_MESSAGES.adminOnly);
      const { companyId, ...job } = request.body;
      const { position, job: created } = await postJob(deps, account, job, companyId, request.ip, commandContext(deps, request, { userId: account.userId, role: account.role }));
      return withPosition(reply, position).status(201).send({ success: true, job: created });
    },
  );

  /** The owning company or an admin edits a posted job (ADR 064); same body and messages as posting. */
  app.put(
    '/api/jobs/:jobId',
    { onRequest: signedInOnly, schema: { tags: ['jobs'], params: JobParams, body: EditJobBody, response: { 200: EditJobResponse, ...errors } } },
    async (request, reply) => {
      const account = await requireAccount(deps, request);
      const { jobId } = request.params;
      const result = await editJob(deps, account, jobId, request.body, commandContext(deps, request, { userId: account.userId, role: account.role }));
      return withPosition(reply, result.position).send({ success: true, jobId });
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
        const account = await requireAccount(deps, request);
        const { jobId } = request.params;
        const result = await changeJobStatus(deps, account, jobId, command, commandContext(deps, request, { userId: account.userId, role: account.role }));
        return withPosition(reply, result.position).send({ success: true, jobId, isActive: command === 'ReopenJob' });
      },
    );
  }
};
