import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { REQUIRED_IN_DOCUMENT } from '@hireloop/platform/http/errors';
import {
  BILLING_PORTAL_RETURN_PATH,
  BillingPortalResponse,
  CHECKOUT_CANCEL_PATH,
  CHECKOUT_SUCCESS_PATH,
  CreateSubscriptionBody,
  CreateSubscriptionResponse,
  DomainError,
  ErrorBody,
  SUBSCRIPTION_MESSAGES,
  TRIAL_DAYS,
  WebhookResponse,
  isPaidPlan,
  subscriptionStreamId,
} from '@hireloop/contracts';
import { signedInOnly } from '@hireloop/platform/http/auth';
import { PaymentsUnavailableError, WebhookSignatureError, type PaymentsPort, type RecordedSubscription, type WebhookEvent } from '@hireloop/platform/payments';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { loadCompanyName, requireAccount } from '../auth/accounts';
import { handleCommand } from '../shared/command-handler';
import type { CommandServiceDeps } from '../shared/deps';
import { browserOrigin } from '../shared/browser-origin';
import { commandContext, withPosition } from '../shared/request-context';
import { loadState } from '../shared/stream';
import { assertCheckoutAllowed, hasLivePaidSubscription, subscriptionDecider, type SubscriptionState } from './decider';
import { readProviderEvent, readScheduledChange, readSubscriptionObject } from './provider-events';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody, 412: ErrorBody, 502: ErrorBody };
const PAYMENTS_UNREACHABLE = 'The payment provider could not be reached. Please try again.';

/** The signed-in company user's company: 401 visitor, 403 candidate or a user without a company. */
async function requireCompany(deps: CommandServiceDeps, request: FastifyRequest) {
  const account = await requireAccount(deps, request);
  if (account.type !== 'company') throw new DomainError('forbidden', SUBSCRIPTION_MESSAGES.companiesOnly);
  if (!account.companyId) throw new DomainError('forbidden', SUBSCRIPTION_MESSAGES.noCompany);
  return { account, companyId: account.companyId };
}

const unreachable = (reply: FastifyReply, request: FastifyRequest, error: unknown) => {
  if (!(error instanceof PaymentsUnavailableError)) throw error;
  request.log.warn({ err: error }, 'payment provider call failed');
  return reply.code(502).send({ success: false, error: PAYMENTS_UNREACHABLE });
};

/**
 * Subscriptions (ADR 030): choosing a plan, the billing portal, and the provider's webhook — the
 * one way a paid plan changes, for Stripe's events and the simulated checkout's alike.
 */
export const subscriptionRoutes: FastifyPluginAsyncZod<{ deps: CommandServiceDeps; payments: PaymentsPort }> = async (app, { deps, payments }) => {
  // The browser comes back to the origin it left from (ADR 063).
  const returnBase = (request: FastifyRequest) => browserOrigin(request, deps.publicUrl);

  /** The free plan applies at once; a paid plan answers the provider's checkout page (14-day trial). */
  app.post(
    '/api/subscription/create',
    { onRequest: signedInOnly, schema: { tags: ['subscriptions'], body: CreateSubscriptionBody, response: { 200: CreateSubscriptionResponse, ...errors } } },
    async (request, reply) => {
      const { account, companyId } = await requireCompany(deps, request);
      const { planId, billingPeriod } = request.body;
      const streamId = subscriptionStreamId(companyId);
      const context = commandContext(deps, request, { userId: account.userId, role: account.role });
      const at = deps.clock.now().toISOString();
      if (planId === 'free') {
        const result = await handleCommand(deps.eventStore, streamId, subscriptionDecider, { type: 'ActivateFreePlan', data: { companyId, by: account.userId, at } }, context);
        return withPosition(reply, result.position).send({ success: true, planId: 'free', status: 'active' });
      }
      // Refuse before asking the provider for anything; the decider checks again on append.
      const { state, version } = await loadState(deps.eventStore, streamId, subscriptionDecider);
      assertCheckoutAllowed(state, planId);
      let session: { sessionId: string; url: string };
      let customerId: string;
      try {
        customerId =
          state.customerId ??
          // One customer per company: a retry (even from another process) gets the same one back.
          (await payments.createCustomer({ companyId, companyName: (await loadCompanyName(deps, companyId)) ?? companyId, idempotencyKey: `customer-${companyId}` })).customerId;
        session = await payments.createCheckoutSession({
          companyId,
          customerId,
          planId,
          billingPeriod,
          trialDays: TRIAL_DAYS,
          successUrl: `${returnBase(request)}${CHECKOUT_SUCCESS_PATH}`,
          cancelUrl: `${returnBase(request)}${CHECKOUT_CANCEL_PATH}`,
          // Decided at this stream version: a request retried before anything was recorded gets the same session.
          idempotencyKey: `checkout-${companyId}-v${version}-${planId}-${billingPeriod}`,
        });
      } catch (error) {
        return unreachable(reply, request, error);
      }
      const result = await handleCommand(
        deps.eventStore,
        streamId,
        subscriptionDecider,
        { type: 'StartCheckout', data: { companyId, planId, billingPeriod, checkoutSessionId: session.sessionId, customerId, by: account.userId, at } },
        context,
      );
      return withPosition(reply, result.position).send({ success: true, planId, checkoutUrl: session.url, sessionId: session.sessionId });
    },
  );

  /**
   * The provider's billing portal (ADR 063): changing plan and cancelling at the period's end,
   * card and invoices. What the company does there comes back through the webhook.
   */
  app.post(
    '/api/subscription/portal',
    { onRequest: signedInOnly, schema: { tags: ['subscriptions'], response: { 200: BillingPortalResponse, ...errors } } },
    async (request, reply) => {
      const { companyId } = await requireCompany(deps, request);
      const { state } = await loadState(deps.eventStore, subscriptionStreamId(companyId), subscriptionDecider);
      if (!state.customerId) throw new DomainError('conflict', SUBSCRIPTION_MESSAGES.noBillingAccount);
      try {
        const { url } = await payments.createPortalSession({
          customerId: state.customerId,
          returnUrl: `${returnBase(request)}${BILLING_PORTAL_RETURN_PATH}`,
          idempotencyKey: `portal-${companyId}-${request.id}`,
          recorded: recordedSubscription(state, companyId),
        });
        return { success: true as const, url };
      } catch (error) {
        return unreachable(reply, request, error);
      }
    },
  );

  await app.register(webhookRoute, { deps, payments });
};

/** The live subscription as the stream recorded it (the simulated portal starts from it after a restart). */
function recordedSubscription(state: SubscriptionState, companyId: string): RecordedSubscription | null {
  const { provider, planId, billingPeriod } = state;
  if (!provider || !hasLivePaidSubscription(state) || !isPaidPlan(planId) || !billingPeriod) return null;
  if (state.status !== 'trialing' && state.status !== 'active' && state.status !== 'past_due') return null;
  const change = provider.scheduledChange;
  return {
    subscriptionId: provider.subscriptionId,
    companyId,
    planId,
    billingPeriod,
    status: state.status,
    createdAt: provider.subscriptionCreatedAt,
    currentPeriodStart: provider.currentPeriodStart,
    currentPeriodEnd: state.currentPeriodEnd,
    trialEnd: state.trialEnd,
    cancelAtPeriodEnd: provider.cancelAtPeriodEnd,
    scheduledChange: change ? { planId: change.planId, billingPeriod: change.billingPeriod } : null,
  };
}

/** Applies one verified provider event to its company's stream; answers whether it changed anything. */
export async function applyProviderEvent(
  deps: CommandServiceDeps,
  payments: PaymentsPort,
  request: FastifyRequest,
  event: WebhookEvent,
): Promise<{ applied: boolean; position: string }> {
  let reading = readProviderEvent(event);
  // A schedule changed: what counts is the subscription as it is now, with its schedule.
  if (reading.kind === 'subscription-changed') {
    const subscription = await payments.retrieveSubscription(reading.subscriptionId);
    reading = subscription ? readSubscriptionObject(event, subscription) : { kind: 'ignored', reason: 'a subscription the provider does not know' };
  }
  if (reading.kind === 'malformed') throw new DomainError('validation', `${SUBSCRIPTION_MESSAGES.badEvent} (${reading.reason})`);
  if (reading.kind !== 'snapshot') return { applied: false, position: '' };
  const snapshot = reading.scheduleId
    ? { ...reading.snapshot, scheduledChange: readScheduledChange(await payments.retrieveSubscriptionSchedule(reading.scheduleId), reading.snapshot) }
    : reading.snapshot;
  const context = { ...commandContext(deps, request, 'system'), causationId: event.id };
  // Many deliveries for one company at once: `handleCommand` decides again on what the others
  // recorded, which is always right (a duplicate becomes a no-op), rather than make Stripe retry.
  const result = await handleCommand(deps.eventStore, subscriptionStreamId(snapshot.companyId), subscriptionDecider, { type: 'ApplyProviderSubscription', data: snapshot }, context);
  return { applied: result.events.length > 0, position: result.position };
}

/**
 * `POST /api/stripe/webhook`: the signature is checked on the raw body, as received, so this
 * plugin keeps JSON bodies as bytes (its own scope; every other route still gets parsed JSON).
 */
const webhookRoute: FastifyPluginAsyncZod<{ deps: CommandServiceDeps; payments: PaymentsPort }> = async (app, { deps, payments }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.post(
    '/api/stripe/webhook',
    { schema: { tags: ['subscriptions'], headers: z.object({ 'stripe-signature': z.string().optional().meta({ [REQUIRED_IN_DOCUMENT]: true }) }).loose(), response: { 200: WebhookResponse, 400: ErrorBody, 412: ErrorBody, 502: ErrorBody } } },
    async (request, reply) => {
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || signature === '') throw new DomainError('validation', SUBSCRIPTION_MESSAGES.missingSignature);
      if (!Buffer.isBuffer(request.body)) throw new DomainError('validation', SUBSCRIPTION_MESSAGES.badEvent);
      let event: WebhookEvent;
      try {
        event = payments.verifyWebhook(request.body, signature, deps.clock.now());
      } catch (error) {
        if (!(error instanceof WebhookSignatureError)) throw error;
        throw new DomainError('validation', error.reason === 'stale' ? SUBSCRIPTION_MESSAGES.staleSignature : SUBSCRIPTION_MESSAGES.badSignature);
      }
      let outcome: { applied: boolean; position: string };
      try {
        outcome = await applyProviderEvent(deps, payments, request, event);
      } catch (error) {
        // Stripe could not be asked about the subscription: 502, and Stripe delivers the event again later.
        return unreachable(reply, request, error);
      }
      const { applied, position } = outcome;
      return withPosition(reply, position).send({ received: true, applied });
    },
  );
};
