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
  /** The provider's billing portal for a customer: changing plan, cancelling at the period's end, card and invoices. */
  createPortalSession(input: PortalInput): Promise<{ url: string }>;
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
  /** Only the simulated adapter: its billing portal page's sessions. */
  readonly simulatedPortal?: SimulatedPortal;
}

export interface PortalInput {
  customerId: string;
  /** Where the portal sends the browser back. */
  returnUrl: string;
  idempotencyKey: string;
  /**
   * The live subscription as Hireloop recorded it from the provider's events. Stripe holds its
   * own and ignores this; the simulated adapter keeps nothing across restarts and starts from it
   * when it does not know the subscription (ADR 063).
   */
  recorded?: RecordedSubscription | null;
}

/** A live subscription as the subscription stream knows it (all times ISO 8601). */
export interface RecordedSubscription {
  subscriptionId: string;
  companyId: string;
  planId: PaidPlanId;
  billingPeriod: BillingPeriod;
  status: 'trialing' | 'active' | 'past_due';
  createdAt: string;
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
  trialEnd: string | null;
  cancelAtPeriodEnd: boolean;
  scheduledChange: { planId: PaidPlanId; billingPeriod: BillingPeriod } | null;
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

/** What the simulated portal page shows: the customer's subscription and where to go back. */
export interface SimulatedPortalView {
  sessionId: string;
  returnUrl: string;
  subscription: {
    planId: PaidPlanId;
    billingPeriod: BillingPeriod;
    status: string;
    /** When the current period (or the trial) ends, ISO 8601. */
    currentPeriodEnd: string;
    cancelAtPeriodEnd: boolean;
    /** A plan chosen for the next period. */
    scheduledChange: { planId: PaidPlanId; billingPeriod: BillingPeriod } | null;
  } | null;
}

/**
 * What a company does in the portal: choose a plan for the next period (its own plan and period
 * again: keep it, dropping a scheduled change), cancel at the period's end, take the
 * cancellation back, or (test mode only) let the period end now, as a test clock does.
 */
export type SimulatedPortalAction =
  | { kind: 'change'; planId: PaidPlanId; billingPeriod: BillingPeriod }
  | { kind: 'cancel' }
  | { kind: 'renew' }
  | { kind: 'end-period' };

export interface SimulatedPortal {
  /** null: no such session, or it expired. */
  find(sessionId: string): SimulatedPortalView | null;
  /**
   * Does `action` as Stripe's portal would, and answers the signed webhook deliveries Stripe
   * would send (`customer.subscription.updated`, or `.deleted` when a cancelled period ends).
   * null: no such session (or expired); no deliveries: nothing changed.
   */
  act(sessionId: string, action: SimulatedPortalAction): { deliveries: SignedDelivery[] } | null;
}
