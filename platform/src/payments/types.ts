import type { BillingPeriod, PaidPlanId } from '@hireloop/contracts';

/**
 * The Payments port (ADR 030): a customer per company, checkout for a paid plan, the billing
 * portal, and verifying the provider's signed webhook events. Adapters: `stripe` (the Stripe SDK)
 * and `simulated` (the embedded default: a local test-mode checkout page whose events are signed
 * and delivered through the same webhook route as Stripe's).
 */
export interface PaymentsPort {
  readonly kind: 'stripe' | 'simulated';
  /** The provider's customer for a company; the idempotency key makes a retried call return the same one. */
  createCustomer(input: { companyId: string; companyName: string; idempotencyKey: string }): Promise<{ customerId: string }>;
  /** A checkout page for a paid plan in subscription mode, with the free trial. */
  createCheckoutSession(input: CheckoutInput): Promise<{ sessionId: string; url: string }>;
  /** The provider's billing portal for a customer: card changes, invoices, cancelling. */
  createPortalSession(input: { customerId: string; returnUrl: string; idempotencyKey: string }): Promise<{ url: string }>;
  /**
   * A webhook event, checked: signed with this endpoint's secret over the raw body, and signed
   * no more than `WEBHOOK_TOLERANCE_SECONDS` before `receivedAt`. Throws `WebhookSignatureError`.
   */
  verifyWebhook(rawBody: Buffer | string, signatureHeader: string, receivedAt: Date): WebhookEvent;
  /**
   * The subscription as the provider holds it now (the object of a `customer.subscription.*`
   * event), for events about something else that changed it, such as its schedule. null: unknown.
   */
  retrieveSubscription(subscriptionId: string): Promise<unknown>;
  /**
   * A subscription schedule (plan changes chosen for a later date in the billing portal), its
   * phases' prices expanded. null: unknown.
   */
  retrieveSubscriptionSchedule(scheduleId: string): Promise<unknown>;
  /** Only the simulated adapter: its checkout page's sessions. */
  readonly simulatedCheckout?: SimulatedCheckout;
}

export interface CheckoutInput {
  companyId: string;
  customerId: string;
  planId: PaidPlanId;
  billingPeriod: BillingPeriod;
  trialDays: number;
  /** Where the provider sends the browser back; `{CHECKOUT_SESSION_ID}` is replaced by the provider. */
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
}

/** A verified webhook event: the parts every handler reads (the object is checked by whoever uses it). */
export interface WebhookEvent {
  id: string;
  type: string;
  /** Seconds since the epoch, when the provider created the event. */
  created: number;
  data: { object: unknown };
}

/** How old a webhook signature may be (Stripe's default tolerance). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export class WebhookSignatureError extends Error {
  override readonly name = 'WebhookSignatureError';
  constructor(
    readonly reason: 'invalid' | 'stale',
    message: string,
  ) {
    super(message);
  }
}

/** The provider could not be reached or refused a call (the route answers 502). */
export class PaymentsUnavailableError extends Error {
  override readonly name = 'PaymentsUnavailableError';
}

/** A checkout of the simulated adapter, as its test page shows it. */
export interface SimulatedSession {
  sessionId: string;
  companyId: string;
  customerId: string;
  planId: PaidPlanId;
  billingPeriod: BillingPeriod;
  trialDays: number;
  successUrl: string;
  cancelUrl: string;
  status: 'open' | 'complete';
}

/** A webhook delivery as the provider would send it: the raw body and its `Stripe-Signature` header. */
export interface SignedDelivery {
  payload: string;
  signature: string;
}

export interface SimulatedCheckout {
  find(sessionId: string): SimulatedSession | null;
  /**
   * Completes a checkout as paying would: the subscription starts in its trial. Answers the
   * signed webhook deliveries the provider would send (to be posted to the webhook route), and
   * where the browser goes next. The same session confirmed again answers the same deliveries.
   */
  complete(sessionId: string): { deliveries: SignedDelivery[]; redirectTo: string } | null;
}
