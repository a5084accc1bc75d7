import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DeleteAccountBody, DeleteAccountResponse, DomainError, ErrorBody, MIN_POSITION_HEADER, MY_DATA_MESSAGES, MyDataExport } from '@hireloop/contracts';
import { isPosition, START } from '@hireloop/platform/event-store';
import { signedInOnly } from '@hireloop/platform/http/auth';
import { requireAccount } from '../auth/accounts';
import { erasePerson } from '../erase-person/erasure';
import type { CommandServiceDeps } from '../shared/deps';
import { withPosition } from '../shared/request-context';
import { exportMyData } from './export';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/**
 * Data rights in the app (issue 27, ADR 080): `POST /api/me/data-export` answers the signed-in
 * person's data as a JSON file (a POST: it opens sealed fields, which only the command side can);
 * `DELETE /api/me` erases their account as `hireloop erase` does, after they typed its email.
 */
export const myDataRoutes: FastifyPluginAsyncZod<{ deps: CommandServiceDeps }> = async (app, { deps }) => {
  app.post(
    '/api/me/data-export',
    { onRequest: signedInOnly, schema: { tags: ['account'], response: { 200: MyDataExport, ...errors } } },
    async (request, reply) => {
      const account = await requireAccount(deps, request);
      const seen = request.headers[MIN_POSITION_HEADER];
      const data = await exportMyData(deps, account, typeof seen === 'string' && isPosition(seen) ? seen : START);
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="hireloop-data-${data.exportedAt.slice(0, 10)}.json"`)
        .send(data);
    },
  );

  app.delete(
    '/api/me',
    { onRequest: signedInOnly, schema: { tags: ['account'], body: DeleteAccountBody, response: { 200: DeleteAccountResponse, ...errors } } },
    async (request, reply) => {
      const account = await requireAccount(deps, request);
      if (request.body.confirmEmail.toLowerCase() !== account.email.toLowerCase()) throw new DomainError('validation', MY_DATA_MESSAGES.confirmEmailMismatch);
      // The last word on roles stays with another super admin (or the operator's command line).
      if (account.role === 'super_admin') throw new DomainError('forbidden', MY_DATA_MESSAGES.superAdminCannotDelete);
      const report = await erasePerson(deps, account.userId, request.id, { userId: account.userId, role: account.role });
      return withPosition(reply, report.position).send({ success: true, message: MY_DATA_MESSAGES.deletedTitle });
    },
  );
};
