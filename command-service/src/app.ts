import { authPlugin } from '@hireloop/platform/http/auth';
import { idempotencyPlugin } from '@hireloop/platform/http/idempotency';
import type { App } from '@hireloop/platform/http/app';
import { localAi } from '@hireloop/platform/ai';
import { createResumeReader } from '@hireloop/platform/resume-text/extractor';
import { adminPeopleRoutes } from './admin-people/routes';
import { assistantRoutes } from './assistant/routes';
import { applicationRoutes } from './applications/routes';
import { outboxRoutes } from './auth/outbox-routes';
import { startPasswordResetWorker } from './auth/password-reset';
import { authRoutes } from './auth/routes';
import { companyRoutes } from './edit-company-profile/routes';
import { contactRoutes } from './contacts/routes';
import { inboxReadRoutes } from './contacts/inbox-reads';
import { conversationRoutes } from './contacts/conversation-routes';
import { sendInvitationRoutes } from './send-invitation/routes';
import { offerStageRoutes } from './offer-stage/routes';
import { revealProfileRoutes } from './reveal-profile/routes';
import { declineInvitationRoutes } from './decline-invitation/routes';
import { viewInvitationRoutes } from './view-invitation/routes';
import { submitAvailabilityRoutes } from './submit-availability/routes';
import { claimAccountRoutes } from './claim-account/routes';
import { jobRoutes } from './post-job/routes';
import { candidateSummaryRoutes } from './candidate-summaries/routes';
import { startCandidateSummaryReaction } from './candidate-summaries/reaction';
import { startJobAlertReaction, type JobAlertReaction } from './saved-searches/alerts';
import { savedSearchRoutes } from './saved-searches/routes';
import { myDataRoutes } from './my-data/routes';
import { startNoResponseSweeper } from './applications/no-response';
import { resumeRoutes } from './resume/routes';
import { profileRoutes } from './profiles/routes';
import { profilePictureRoutes } from './profiles/picture-routes';
import { createMemoryProfilePictures } from '@hireloop/platform/profile-pictures/memory';
import { createSimulatedPayments } from '@hireloop/platform/payments';
import { createMemoryRateLimiter } from '@hireloop/platform/rate-limit/memory';
import { simulatedCheckoutRoutes } from './subscriptions/simulated-checkout';
import { simulatedPortalRoutes } from './subscriptions/simulated-portal';
import { subscriptionRoutes } from './subscriptions/routes';
import { candidateViewRoutes } from './view-candidate/routes';
import { pageViewRoutes } from './analytics/page-views';
import type { CommandServiceDeps } from './shared/deps';
import { apiKeyRoutes } from './api-keys/routes';
import { mcpRoutes } from './mcp/routes';

/** How long reading one resume may take when the composition root does not say (RESUME_EXTRACTION_TIMEOUT_MS). */
export const DEFAULT_RESUME_READ_TIMEOUT_MS = 15_000;

/** Registers every command route on `app`: POST/PUT/PATCH/DELETE under /api. */
export async function registerCommandService(app: App, deps: CommandServiceDeps) {
  if (!app.hasRequestDecorator('session')) await app.register(authPlugin, { secrets: deps.secrets, clock: deps.clock });
  // Before the routes: it finds every write route as it is added.
  await app.register(idempotencyPlugin, { store: deps.idempotency, clock: deps.clock });
  await app.register(authRoutes, { deps });
  await app.register(jobRoutes, { deps });
  await app.register(outboxRoutes, { deps });
  await app.register(applicationRoutes, { deps });
  const ai = deps.ai ?? localAi({ now: () => deps.clock.now() });
  const ownReader = deps.resumeReader ? null : createResumeReader({ timeoutMs: DEFAULT_RESUME_READ_TIMEOUT_MS });
  await app.register(resumeRoutes, { deps, ai, reader: deps.resumeReader ?? ownReader! });
  await app.register(candidateSummaryRoutes, { deps });
  // Pictures as files (ADR 046): the composition root's store, or one in memory (tests of this service alone).
  deps.pictures ??= createMemoryProfilePictures();
  await app.register(profileRoutes, { deps });
  await app.register(profilePictureRoutes, { deps });
  await app.register(companyRoutes, { deps });
  // Payments (ADR 030): the configured adapter, or the simulated one (no Stripe keys, tests).
  const payments = deps.payments ?? createSimulatedPayments({ publicUrl: deps.publicUrl, clock: deps.clock });
  await app.register(subscriptionRoutes, { deps, payments });
  if (payments.simulatedCheckout) await app.register(simulatedCheckoutRoutes, { checkout: payments.simulatedCheckout });
  if (payments.simulatedPortal) await app.register(simulatedPortalRoutes, { portal: payments.simulatedPortal });
  await app.register(sendInvitationRoutes, { deps });
  await app.register(offerStageRoutes, { deps });
  await app.register(revealProfileRoutes, { deps });
  await app.register(viewInvitationRoutes, { deps });
  await app.register(submitAvailabilityRoutes, { deps });
  await app.register(declineInvitationRoutes, { deps });
  await app.register(claimAccountRoutes, { deps });
  await app.register(contactRoutes, { deps });
  await app.register(inboxReadRoutes, { deps });
  await app.register(conversationRoutes, { deps });
  await app.register(candidateViewRoutes, { deps });
  // Page views are limited per address in this process's memory (bounded, ADR 052): the count lives here too.
  if (deps.onPageView) await app.register(pageViewRoutes, { onPageView: deps.onPageView, rateLimiter: createMemoryRateLimiter(), clock: deps.clock });
  await app.register(adminPeopleRoutes, { deps });
  await app.register(apiKeyRoutes, { deps });
  if (deps.mcpReads) await app.register(mcpRoutes, { deps, reads: deps.mcpReads });
  await app.register(assistantRoutes, { deps });
  if (deps.savedSearches) await app.register(savedSearchRoutes, { deps, support: deps.savedSearches });
  await app.register(myDataRoutes, { deps });

  // Reactions of the command side: work queued by requests, done off the request.
  let stopResetWorker: (() => Promise<void>) | null = null;
  let stopSummaries: (() => Promise<void>) | null = null;
  let noResponse: Awaited<ReturnType<typeof startNoResponseSweeper>> | null = null;
  let jobAlerts: JobAlertReaction | null = null;
  app.addHook('onReady', async () => {
    stopResetWorker = await startPasswordResetWorker(deps);
    noResponse = await startNoResponseSweeper(deps, { onError: (error) => app.log.warn({ err: error }, 'marking unanswered applications failed') });
    stopSummaries = await startCandidateSummaryReaction(deps, ai, { onError: (error) => app.log.warn({ err: error }, 'AI summary work failed') });
    if (deps.savedSearches) {
      jobAlerts = await startJobAlertReaction(deps, deps.savedSearches, { onError: (error) => app.log.warn({ err: error }, 'job alert work failed') });
      runningJobAlerts.set(app, jobAlerts);
    }
  });
  app.addHook('onClose', async () => {
    await stopSummaries?.();
    await jobAlerts?.stop();
    await noResponse?.stop();
    await stopResetWorker?.();
    await ownReader?.close();
  });
}

const runningJobAlerts = new WeakMap<object, JobAlertReaction>();
/** The job alert reaction this app runs (ADR 067), once it is ready; for tests and the CLI. */
export const jobAlertsOf = (app: object): JobAlertReaction | undefined => runningJobAlerts.get(app);

export type { CommandServiceDeps } from './shared/deps';
