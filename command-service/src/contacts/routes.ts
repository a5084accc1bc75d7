import {
  CONTACT_MESSAGES,
  ContactCandidateBody,
  ContactCandidateResponse,
  DomainError,
  ErrorBody,
  UpgradeRequiredBody,
  UpgradeRequiredError,
  candidateContactStreamId,
  subscriptionStreamId,
} from '@hireloop/contracts';
import { signedInOnly } from '@hireloop/platform/http/auth';
import { mailToSend } from '@hireloop/platform/mailer/hand-over';
import type { OutboxMessage } from '@hireloop/platform/outbox';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadCompanyName, loadUserAccount, requireAccount } from '../auth/accounts';
import { candidateMailbox, loadCandidate, type Candidate } from '../profiles/candidate';
import { handleCommand } from '../shared/command-handler';
import type { CommandServiceDeps } from '../shared/deps';
import { commandContext, withPosition } from '../shared/request-context';
import { loadState } from '../shared/stream';
import { subscriptionDecider } from '../subscriptions/decider';
import { contactDecider, contactThreadIdFor } from './decider';
import { candidateReplyMail, contactMail } from './mail';
import { throttleContacts } from './throttle';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: UpgradeRequiredBody.or(ErrorBody), 404: ErrorBody, 412: ErrorBody, 429: ErrorBody };

/**
 * The mail to the candidate, appended with the message (ADR 053). Mail is a side effect: one that
 * cannot be written is logged, and the message stands (as invitations do).
 */
export async function mailCandidate(deps: CommandServiceDeps, log: FastifyBaseLogger, options: { contactId: string; candidate: Candidate; companyId: string; message: string; reply?: boolean }): Promise<OutboxMessage[]> {
  try {
    const mailbox = await candidateMailbox(deps, options.candidate);
    if (!mailbox) return [];
    const companyName = (await loadCompanyName(deps, options.companyId)) ?? 'A company';
    const mail = contactMail({
      to: mailbox.email,
      candidateName: mailbox.name,
      companyName,
      message: options.message,
      reply: options.reply,
      inboxUrl: `${deps.publicUrl.replace(/\/$/, '')}/inbox`,
    });
    return [mailToSend(mail, `contact-${options.contactId}`)];
  } catch (error) {
    log.warn({ err: error, contactId: options.contactId }, 'contact mail could not be queued');
    return [];
  }
}

/** A candidate's reply, told to the company user who wrote last in the thread (ADR 069); nothing when they are gone. */
export async function mailCompanyUser(deps: CommandServiceDeps, log: FastifyBaseLogger, options: { messageId: string; userId: string; companyId: string }): Promise<OutboxMessage[]> {
  try {
    const account = await loadUserAccount(deps, options.userId);
    if (account.status !== 'registered' || account.companyId !== options.companyId) return [];
    const companyName = (await loadCompanyName(deps, options.companyId)) ?? 'your company';
    const mail = candidateReplyMail({ to: account.email, userName: account.name, companyName, inboxUrl: `${deps.publicUrl.replace(/\/$/, '')}/inbox` });
    return [mailToSend(mail, `reply-${options.messageId}`)];
  } catch (error) {
    log.warn({ err: error, messageId: options.messageId }, 'reply mail could not be queued');
    return [];
  }
}

/**
 * Contacting candidates (ADR 032): a company on a paid plan sends a candidate with a public
 * profile a message. One `CandidateContacted` on the stream of that company and candidate; the
 * candidate gets it by email and in their inbox (`GET /api/inbox`).
 */
export const contactRoutes: FastifyPluginAsyncZod<{ deps: CommandServiceDeps }> = async (app, { deps }) => {
  app.post(
    '/api/candidates/contact',
    { onRequest: signedInOnly, schema: { tags: ['contacts'], body: ContactCandidateBody, response: { 201: ContactCandidateResponse, ...errors } } },
    async (request, reply) => {
      const account = await requireAccount(deps, request);
      // Refused before anything is read or counted: only a company has anyone to contact.
      if (account.type !== 'company') throw new DomainError('forbidden', CONTACT_MESSAGES.companiesOnly);
      if (!account.companyId) throw new DomainError('forbidden', CONTACT_MESSAGES.noCompany);
      const companyId = account.companyId;
      await throttleContacts(deps, account.userId);

      const { candidateId, message, contactType } = request.body;
      // The plan, from the company's subscription stream: a webhook just applied counts at once.
      const { state: subscription } = await loadState(deps.eventStore, subscriptionStreamId(companyId), subscriptionDecider);
      const candidate = await loadCandidate(deps, candidateId);
      const threadId = contactThreadIdFor(companyId, candidate?.userId ?? `no-profile:${candidateId}`);
      const contactId = deps.ids.newId();
      let result;
      try {
        result = await handleCommand(
          deps.eventStore,
          candidateContactStreamId(threadId),
          contactDecider,
          {
            type: 'ContactCandidate',
            data: {
              contactId,
              threadId,
              by: { userId: account.userId, type: account.type, companyId },
              subscription,
              candidate: candidate && { profileId: candidate.profileId, userId: candidate.userId, isPublic: candidate.isPublic },
              contactType,
              message,
              now: deps.clock.now().toISOString(),
            },
          },
          commandContext(deps, request, { userId: account.userId, role: account.role }),
          { outbox: async ([contacted]) => (contacted?.type === 'CandidateContacted' ? mailCandidate(deps, request.log, { contactId, candidate: candidate!, companyId, message: contacted.data.message }) : []) },
        );
      } catch (error) {
        // The page shows 'Premium Required' with this text and opens the upgrade dialog (part 2 §8).
        if (error instanceof UpgradeRequiredError) return reply.code(403).send({ success: false, error: error.message, requiresUpgrade: true });
        throw error;
      }
      return withPosition(reply, result.position).status(201).send({ success: true, message: CONTACT_MESSAGES.sentTitle, contactId });
    },
  );
};
