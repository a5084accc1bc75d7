import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError, ErrorBody, LEDGER_MESSAGES, LedgerResponse, type LedgerCompany } from '@hireloop/contracts';
import { findLedgerOfCandidate } from '@hireloop/projections/candidate-ledger/queries';
import { findUserById } from '@hireloop/projections/users/queries';

/**
 * The candidate's ledger (issue 13, ADR 037): which companies saw what of them, and when. Only
 * one's own: the session names the candidate, nothing else does.
 */
export const ledgerQueryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/profile/ledger', { schema: { tags: ['profiles'], response: { 200: LedgerResponse, 401: ErrorBody, 403: ErrorBody } } }, async (request, reply) => {
    const session = await request.requireSession();
    const user = await findUserById(request.readStore, session.userId);
    if (!user || user.type !== 'candidate') throw new DomainError('forbidden', LEDGER_MESSAGES.candidatesOnly);
    // One indexed query: each entry holds its company's name (ADR 059).
    const entries = await findLedgerOfCandidate(request.readStore, session.userId);
    const byCompany = new Map<string, LedgerCompany>();
    // Newest first: a company's first entry is its latest.
    for (const { companyId, companyName, kind, firstAt, lastAt, count } of entries) {
      let company = byCompany.get(companyId);
      if (!company) byCompany.set(companyId, (company = { companyId, companyName: companyName || 'A company', lastAt, entries: [] }));
      company.entries.push({ kind, firstAt, lastAt, count });
    }
    const companies = [...byCompany.values()];
    // What someone did with one's data: nothing but their own browser may keep the answer.
    reply.header('cache-control', 'private, no-store');
    return { success: true as const, companies };
  });
};
