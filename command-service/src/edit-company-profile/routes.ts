import { signedInOnly } from '@hireloop/platform/http/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { COMPANY_PROFILE_MESSAGES, CompanyProfileBody, CompanyProfileResponse, DomainError, ErrorBody, companyStreamId } from '@hireloop/contracts';
import { rememberCompanyName, requireAccount } from '../auth/accounts';
import { handleCommandWithState } from '../shared/command-handler';
import type { CommandServiceDeps } from '../shared/deps';
import { commandContext, withPosition } from '../shared/request-context';
import { companyDecider, companyProfileFromState } from '../companies/decider';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 412: ErrorBody };

/**
 * `PUT /api/company/profile`: the signed-in company user's own company (ADR 028). Only a company
 * account has one; an admin who is a company user saves their own company like any other.
 */
export const companyRoutes: FastifyPluginAsyncZod<{ deps: CommandServiceDeps }> = async (app, { deps }) => {
  app.put(
    '/api/company/profile',
    { onRequest: signedInOnly, schema: { tags: ['companies'], body: CompanyProfileBody, response: { 200: CompanyProfileResponse, ...errors } } },
    async (request, reply) => {
      const account = await requireAccount(deps, request);
      if (account.type !== 'company') throw new DomainError('forbidden', COMPANY_PROFILE_MESSAGES.companiesOnly);
      const companyId = account.companyId;
      if (!companyId) throw new DomainError('forbidden', COMPANY_PROFILE_MESSAGES.noCompany);
      const result = await handleCommandWithState(
        deps.eventStore,
        companyStreamId(companyId),
        companyDecider,
        () => ({
          type: 'UpdateCompanyProfile' as const,
          data: { companyId, profile: request.body, by: { userId: account.userId, type: account.type, role: account.role, companyId }, at: deps.clock.now().toISOString() },
        }),
        commandContext(deps, request, { userId: account.userId, role: account.role }),
      );
      const profile = companyProfileFromState(result.state);
      if (!profile) throw new Error('UpdateCompanyProfile left no company');
      rememberCompanyName(deps, companyId, profile.name);
      return withPosition(reply, result.position).send({ success: true, profile });
    },
  );
};
