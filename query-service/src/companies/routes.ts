import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COMPANY_PROFILE_MESSAGES, CompanyProfileResponse, CompanyPublicProfileResponse, DomainError, ErrorBody } from '@hireloop/contracts';
import { findCompanyProfile, findCompanyPublicProfile } from '@hireloop/projections/companies/queries';
import { findUserById } from '@hireloop/projections/users/queries';

const CompanyParams = z.object({ companyId: z.string().min(1).max(100) });

/** A company's profile (ADR 028): its own full view, and the public one its job pages show. */
export const companyQueryRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The signed-in company user's own company: 401 visitor, 403 not a company user, 404 unknown company. */
  app.get(
    '/api/company/profile',
    { schema: { tags: ['companies'], response: { 200: CompanyProfileResponse, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody } } },
    async (request, reply) => {
      const session = await request.requireSession();
      const user = await findUserById(request.readStore, session.userId);
      if (!user || user.type !== 'company') throw new DomainError('forbidden', COMPANY_PROFILE_MESSAGES.companiesOnly);
      if (!user.companyId) throw new DomainError('forbidden', COMPANY_PROFILE_MESSAGES.noCompany);
      const profile = await findCompanyProfile(request.readStore, user.companyId);
      if (!profile) throw new DomainError('not_found', COMPANY_PROFILE_MESSAGES.notFound);
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, profile };
    },
  );

  /** Anyone: what a job page shows of the company behind it (no address). */
  app.get(
    '/api/companies/:companyId',
    { config: { frequent: true }, schema: { tags: ['companies'], params: CompanyParams, response: { 200: CompanyPublicProfileResponse, 404: ErrorBody } } },
    async (request) => {
      const company = await findCompanyPublicProfile(request.readStore, request.params.companyId);
      if (!company) throw new DomainError('not_found', COMPANY_PROFILE_MESSAGES.notFound);
      return { success: true as const, company };
    },
  );
};
