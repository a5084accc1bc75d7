import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_MESSAGES, AdminCandidateList, AdminCandidateListQuery, AdminCompanyList, AdminCompanyListQuery, DomainError, ErrorBody, isAdminRole } from '@hireloop/contracts';
import type { ReadStore } from '@hireloop/platform/read-store';
import { adminPeopleProjection } from '@hireloop/projections/admin-people/projection';
import { listAdminCandidates, listAdminCompanies } from '@hireloop/projections/admin-people/queries';
import { findUserById } from '@hireloop/projections/users/queries';
import type { ProjectionProgress } from '../shared/projection-progress';
import { AdminCandidateTable } from './candidate-table';

export interface AdminPeopleQueryOptions {
  readStore: ReadStore;
  progress: ProjectionProgress;
  /** Answers the candidates table from memory; one is made if not given (when this service runs the admin-people read model). */
  candidateTable?: AdminCandidateTable;
}

/**
 * The admin console's Candidates and Companies tables (issue 14, ADR 038): `GET
 * /api/admin/candidates` and `GET /api/admin/companies`, searched, sorted and paged on the server.
 * Admins and super admins only: a visitor is a 401, any other signed-in user a 403. Names, emails
 * and phones: nothing but the admin's browser may keep the answer.
 */
export const adminPeopleQueryRoutes: FastifyPluginAsyncZod<AdminPeopleQueryOptions> = async (app, { readStore, progress, ...options }) => {
  /** The signed-in admin, from the users read model (a role just granted or taken is seen with X-Min-Position). */
  const requireAdmin = async (request: FastifyRequest) => {
    const session = await request.requireSession();
    const user = await findUserById(request.readStore, session.userId);
    if (!user || !isAdminRole(user.role)) throw new DomainError('forbidden', ADMIN_MESSAGES.adminOnly);
  };

  const table =
    options.candidateTable ??
    (progress.knows(adminPeopleProjection.name)
      ? new AdminCandidateTable(readStore, {
          progress,
          onLoad: (load) => {
            if (load.kind === 'full') app.log.info({ candidates: load.documents, ms: load.ms }, 'admin candidate table loaded');
          },
          onError: (error) => app.log.warn({ err: error }, 'admin candidate table load failed'),
        })
      : null);
  if (table) {
    app.addHook('onReady', async () => table.start());
    app.addHook('onClose', async () => table.stop());
  }

  app.get(
    '/api/admin/candidates',
    { schema: { tags: ['admin'], querystring: AdminCandidateListQuery, response: { 200: AdminCandidateList, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody } } },
    async (request, reply) => {
      await requireAdmin(request);
      reply.header('cache-control', 'private, no-store');
      if (!table) return listAdminCandidates(request.readStore, request.query);
      await request.caughtUpWith(table);
      const { answeredBy, ...list } = await table.list(request.query);
      if (answeredBy === 'read-store') request.log.info({ searchAnsweredBy: answeredBy }, 'admin candidates answered by the read store: the table is not ready yet');
      return list;
    },
  );

  app.get(
    '/api/admin/companies',
    { schema: { tags: ['admin'], querystring: AdminCompanyListQuery, response: { 200: AdminCompanyList, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody } } },
    async (request, reply) => {
      await requireAdmin(request);
      reply.header('cache-control', 'private, no-store');
      return listAdminCompanies(request.readStore, request.query);
    },
  );
};
