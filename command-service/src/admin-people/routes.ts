import { signedInOnly } from '@hireloop/platform/http/auth';
import { emailHash } from '@hireloop/platform/accounts/tokens';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_MESSAGES,
  CreateAdminCandidateBody,
  CreateAdminCandidateResponse,
  CreateAdminCompanyBody,
  CreateAdminCompanyResponse,
  AdminUpdateResponse,
  COMPANY_PROFILE_MESSAGES,
  CompanyProfileBody,
  DomainError,
  UpdateAdminCandidateBody,
  UpdateAdminCompanyBody,
  ErrorBody,
  candidateStreamId,
  companyStreamId,
  isAdminRole,
  type AdminCandidate,
  type ProfileContent,
} from '@hireloop/contracts';
import { accountIdForEmail, loadUserAccount, requireAccount } from '../auth/accounts';
import { emailReservationDecider } from '../auth/email-reservation';
import { companyDecider } from '../companies/decider';
import { z } from 'zod';
import { profileDecider } from '../profiles/decider';
import { profileIdOrNew } from '../profiles/profile-id';
import { appendDecisions, decideOn, handleCommand } from '../shared/command-handler';
import type { CommandServiceDeps } from '../shared/deps';
import { loadState } from '../shared/stream';
import { commandContext, withPosition } from '../shared/request-context';
import { addedCandidateEmailStreamId } from './added-candidates';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 412: ErrorBody };

/** The signed-in admin or super admin, from their account stream (consistent); anyone else a 403. */
async function requireAdmin(deps: CommandServiceDeps, request: FastifyRequest) {
  const account = await requireAccount(deps, request);
  if (!isAdminRole(account.role)) throw new DomainError('forbidden', ADMIN_MESSAGES.adminOnly);
  return account;
}

/** Whether an account signs in with this address now (an erased one's address is free again). */
async function accountHoldsEmail(deps: CommandServiceDeps, email: string) {
  const userId = await accountIdForEmail(deps, email);
  return userId !== null && (await loadUserAccount(deps, userId)).status === 'registered';
}

/**
 * The admin console's Add Candidate and Add Company (issue 14, part 2 §5, ADR 038). Admins and
 * super admins only: a visitor is a 401, any other signed-in user a 403.
 */
export const adminPeopleRoutes: FastifyPluginAsyncZod<{ deps: CommandServiceDeps }> = async (app, { deps }) => {
  /**
   * A candidate with no account yet: a person id (their key's name, ADR 019) and the profile it
   * names, `CandidateProfileCreated` with source `admin` and every personal field sealed. Their
   * address is taken by no account and no other added candidate: the second is the stream
   * `added-candidate-email-<sha256>`, reserved in the same append (`EmailReserved`, sealed too),
   * so two admins adding one address at once cannot both succeed. The account's own reservation
   * (`email-<sha256>`) is left alone: the person may still sign up with it.
   */
  app.post(
    '/api/admin/candidates',
    { onRequest: signedInOnly, schema: { tags: ['admin'], body: CreateAdminCandidateBody, response: { 201: CreateAdminCandidateResponse, ...errors } } },
    async (request, reply) => {
      const admin = await requireAdmin(deps, request);
      const body = request.body;
      const { email } = body;
      if (await accountHoldsEmail(deps, email)) throw new DomainError('conflict', ADMIN_MESSAGES.candidateEmailTaken);
      const reservationStream = addedCandidateEmailStreamId(emailHash(email));
      const { state: reservation } = await loadState(deps.eventStore, reservationStream, emailReservationDecider);
      if (reservation.reservedBy !== null) throw new DomainError('conflict', ADMIN_MESSAGES.candidateEmailTaken);

      const personId = deps.ids.newId();
      // A new person: a new random profile id (ADR 077), recorded with the profile in one append.
      const { profileId, record } = await profileIdOrNew(deps, personId);
      const at = deps.clock.now().toISOString();
      const content: ProfileContent = {
        firstName: body.firstName,
        lastName: body.lastName,
        title: body.title,
        skills: body.skills,
        experience: body.experience,
        location: body.location,
        summary: body.summary,
        phone: body.phone,
        email,
        linkedinUrl: '',
        githubUrl: '',
        portfolioUrl: '',
        education: '',
        salaryExpectation: '',
        profilePicture: null,
        coverPhoto: null,
        // The spec's defaults for a new profile (part 2 §9).
        availability: 'immediate',
        workPreference: 'hybrid',
        isPublic: !body.isPrivate,
      };
      const decisions = [
        await decideOn(deps.eventStore, reservationStream, emailReservationDecider, {
          type: 'ReserveEmail',
          // Never taken over: the reservation is the added candidate itself, not a sign-up in progress.
          data: { email, userId: personId, now: at, currentOwnerExists: true },
        }),
        await decideOn(deps.eventStore, candidateStreamId(profileId), profileDecider, { type: 'AddCandidate', data: { profileId, personId, content, at } }),
        ...[record()].filter((decision) => decision !== null),
      ];
      let position: string;
      try {
        position = await appendDecisions(deps.eventStore, decisions, commandContext(deps, request, { userId: admin.userId, role: admin.role }));
      } catch (error) {
        // Another admin added the same address first.
        if (error instanceof DomainError && (error.code === 'version_conflict' || error.code === 'conflict')) {
          throw new DomainError('conflict', ADMIN_MESSAGES.candidateEmailTaken);
        }
        throw error;
      }
      const created = decisions[1]!.events[0]!;
      if (created.type !== 'CandidateProfileCreated') throw new Error('AddCandidate did not record CandidateProfileCreated');
      const candidate: AdminCandidate = {
        id: profileId,
        userId: null,
        firstName: created.data.firstName,
        lastName: created.data.lastName,
        email,
        phone: created.data.phone,
        title: created.data.title,
        location: created.data.location,
        experience: created.data.experience,
        skills: created.data.skills,
        visaStatus: '',
        isPrivate: !created.data.isPublic,
        verified: false,
        summary: created.data.summary,
        createdAt: at,
      };
      return withPosition(reply, position).status(201).send({ success: true, candidate });
    },
  );

  /** A company with no users yet (`CompanyRegistered` with no owner, as sign-up registers one with its first user). */
  app.post(
    '/api/admin/companies',
    { onRequest: signedInOnly, schema: { tags: ['admin'], body: CreateAdminCompanyBody, response: { 201: CreateAdminCompanyResponse, ...errors } } },
    async (request, reply) => {
      const admin = await requireAdmin(deps, request);
      const body = request.body;
      const companyId = deps.ids.newId();
      const result = await handleCommand(
        deps.eventStore,
        companyStreamId(companyId),
        companyDecider,
        {
          type: 'RegisterCompany',
          data: { companyId, name: body.name, website: body.website, location: body.location, industry: '', ownerUserId: null, description: body.description },
        },
        commandContext(deps, request, { userId: admin.userId, role: admin.role }),
      );
      const registered = result.events[0]!;
      const company = {
        id: companyId,
        name: body.name,
        description: body.description,
        website: body.website,
        location: body.location,
        verified: true,
        createdAt: registered.occurredAt,
      };
      return withPosition(reply, result.position).status(201).send({ success: true, company });
    },
  );

  const IdParams = z.object({ id: z.string().min(1).max(100) });

  /**
   * The Candidates tab's Manage (ADR 064): an admin corrects a candidate's profile. The event is
   * the owner's own `CandidateProfileUpdated`, so its personal fields are sealed with the
   * person's key like every other (ADR 019) and the admin log records "Updated a candidate profile".
   */
  app.put(
    '/api/admin/candidates/:id',
    { onRequest: signedInOnly, schema: { tags: ['admin'], params: IdParams, body: UpdateAdminCandidateBody, response: { 200: AdminUpdateResponse, ...errors } } },
    async (request, reply) => {
      const admin = await requireAdmin(deps, request);
      const { id } = request.params;
      const result = await handleCommand(
        deps.eventStore,
        candidateStreamId(id),
        profileDecider,
        { type: 'AdminEditCandidate', data: { profileId: id, changes: request.body, at: deps.clock.now().toISOString() } },
        commandContext(deps, request, { userId: admin.userId, role: admin.role }),
      );
      return withPosition(reply, result.position).send({ success: true, id });
    },
  );

  /** The Companies tab's Manage (ADR 064): the Add Company fields; industry and size stay as the company set them. */
  app.put(
    '/api/admin/companies/:id',
    { onRequest: signedInOnly, schema: { tags: ['admin'], params: IdParams, body: UpdateAdminCompanyBody, response: { 200: AdminUpdateResponse, ...errors } } },
    async (request, reply) => {
      const admin = await requireAdmin(deps, request);
      const { id } = request.params;
      const stream = companyStreamId(id);
      const { state } = await loadState(deps.eventStore, stream, companyDecider);
      if (state.status !== 'registered') throw new DomainError('not_found', COMPANY_PROFILE_MESSAGES.notFound);
      const { name, description, website, location } = request.body;
      // The company's own profile rules hold for an admin's edit too (a name's length, the size list).
      const profile = CompanyProfileBody.safeParse({ name, description, website, address: location, industry: state.profile.industry, size: state.profile.size });
      if (!profile.success) throw new DomainError('validation', profile.error.issues[0]?.message ?? 'Invalid company profile');
      const result = await handleCommand(
        deps.eventStore,
        stream,
        companyDecider,
        {
          type: 'UpdateCompanyProfile',
          data: {
            companyId: id,
            profile: profile.data,
            by: { userId: admin.userId, type: admin.type, role: admin.role, companyId: admin.companyId },
            at: deps.clock.now().toISOString(),
          },
        },
        commandContext(deps, request, { userId: admin.userId, role: admin.role }),
      );
      return withPosition(reply, result.position).send({ success: true, id });
    },
  );
};
