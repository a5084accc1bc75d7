import Stripe from 'stripe';
import { planById, priceInCents } from '@hireloop/contracts';
import { PaymentsUnavailableError, type PaymentsPort } from './types';
import { verifyWebhook } from './webhooks';

export interface StripePaymentsOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another server speaking Stripe's API (tests: a local one); default api.stripe.com. */
  apiBase?: string;
  timeoutMs?: number;
}

/** Where the SDK sends its calls, from a base URL such as `http://127.0.0.1:4010`. */
const serverOf = (apiBase: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> => {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
};

/** The SDK's errors carry the request and sometimes the key's prefix; only the kind and message go on. */
const unavailable = (what: string, error: unknown) =>
  new PaymentsUnavailableError(`Stripe refused or did not answer ${what}: ${error instanceof Stripe.errors.StripeError ? `${error.type}: ${error.message}` : 'network error'}`);

/** Stripe's answer for an id it does not know (another account's, or deleted). */
const isMissing = (error: unknown) => error instanceof Stripe.errors.StripeInvalidRequestError && (error.statusCode === 404 || error.code === 'resource_missing');

/**
 * The `stripe` adapter (ADR 030). Every create call carries an idempotency key derived from what
 * the caller is doing (the company, the stream version the checkout was decided at), so a retry
 * after a lost answer gets the first customer or session back instead of a second one.
 */
export function createStripePayments(options: StripePaymentsOptions): PaymentsPort {
  const stripe = new Stripe(options.secretKey, {
    ...serverOf(options.apiBase),
    timeout: options.timeoutMs ?? 20_000,
    // The SDK retries network failures and 409/5xx answers with the same idempotency key.
    maxNetworkRetries: 2,
    telemetry: false,
  });
  return {
    kind: 'stripe',
    async createCustomer({ companyId, companyName, idempotencyKey }) {
      try {
        const customer = await stripe.customers.create({ name: companyName, metadata: { companyId } }, { idempotencyKey });
        return { customerId: customer.id };
      } catch (error) {
        throw unavailable('the customer', error);
      }
    },
    async createCheckoutSession(input) {
      const plan = planById(input.planId);
      const metadata = { companyId: input.companyId, planId: input.planId, billingPeriod: input.billingPeriod };
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            customer: input.customerId,
            client_reference_id: input.companyId,
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: 'usd',
                  unit_amount: priceInCents(plan, input.billingPeriod),
                  recurring: { interval: input.billingPeriod === 'annual' ? 'year' : 'month' },
                  product_data: { name: `Hireloop ${plan.name}`, metadata: { planId: plan.planId } },
                },
              },
            ],
            // The trial needs no card (FAQ); without one by its end the subscription is canceled.
            payment_method_collection: 'if_required',
            subscription_data: {
              trial_period_days: input.trialDays,
              trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
              // Webhook events about the subscription name the company and plan themselves.
              metadata,
            },
            metadata,
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        if (!session.url) throw new PaymentsUnavailableError('Stripe answered a checkout session without a URL');
        return { sessionId: session.id, url: session.url };
      } catch (error) {
        if (error instanceof PaymentsUnavailableError) throw error;
        throw unavailable('the checkout session', error);
      }
    },
    async createPortalSession({ customerId, returnUrl, idempotencyKey }) {
      try {
        const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }, { idempotencyKey });
        return { url: session.url };
      } catch (error) {
        throw unavailable('the billing portal session', error);
      }
    },
    verifyWebhook: (rawBody, signatureHeader, receivedAt) => verifyWebhook(options.webhookSecret, rawBody, signatureHeader, receivedAt),
    async retrieveSubscription(subscriptionId) {
      try {
        return await stripe.subscriptions.retrieve(subscriptionId);
      } catch (error) {
        if (isMissing(error)) return null;
        throw unavailable('the subscription', error);
      }
    },
    async retrieveSubscriptionSchedule(scheduleId) {
      try {
        // A schedule's phases name their prices by id; the plan is read from the price itself.
        return await stripe.subscriptionSchedules.retrieve(scheduleId, { expand: ['phases.items.price'] });
      } catch (error) {
        if (isMissing(error)) return null;
        throw unavailable('the subscription schedule', error);
      }
    },
  };
}
