import {
  DomainError,
  SUBSCRIPTION_MESSAGES,
  SubscriptionEventSchemas,
  jobPostLimitReached,
  planById,
  scheduledPlanOf,
  withinLimit,
  type BillingPeriod,
  type PaidPlanId,
  type PlanId,
  type ProviderSubscriptionSnapshot,
  type ProviderSubscriptionStatus,
  type ScheduledPlanChange,
  type SubscriptionEvent,
  type SubscriptionStatus,
} from '@hireloop/contracts';
import { assertNever, type Decider } from '../shared/decider';

/** The provider's subscription a company's plan comes from, as far as ordering snapshots needs it. */
interface ProviderSubscription {
  subscriptionId: string;
  subscriptionCreatedAt: string;
  currentPeriodStart: string | null;
  eventCreatedAt: string;
  providerStatus: ProviderSubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  /** A paid plan the provider scheduled for later (a subscription schedule's next phase). */
  scheduledChange: ScheduledPlanChange | null;
}

const sameChange = (a: ScheduledPlanChange | null, b: ScheduledPlanChange | null) =>
  a === b || (a !== null && b !== null && a.planId === b.planId && a.billingPeriod === b.billingPeriod && a.effectiveAt === b.effectiveAt);

/** Stream `subscription-<companyId>` (ADR 030). */
export interface SubscriptionState {
  planId: PlanId | null;
  status: SubscriptionStatus;
  billingPeriod: BillingPeriod | null;
  customerId: string | null;
  pendingCheckout: { checkoutSessionId: string; planId: PaidPlanId; billingPeriod: BillingPeriod } | null;
  provider: ProviderSubscription | null;
  /** Subscriptions the provider ended: nothing said about them later changes anything. */
  endedSubscriptionIds: readonly string[];
  /** Provider events already applied (deduplication by event id). */
  seenProviderEventIds: readonly string[];
  scheduledPlanId: PlanId | null;
  currentPeriodEnd: string | null;
  trialEnd: string | null;
  /** Jobs the company's users posted or reopened, counted against the plan's job postings. */
  jobPostingIds: readonly string[];
}

export type SubscriptionCommand =
  | { type: 'ActivateFreePlan'; data: { companyId: string; by: string; at: string } }
  | { type: 'StartCheckout'; data: { companyId: string; planId: PaidPlanId; billingPeriod: BillingPeriod; checkoutSessionId: string; customerId: string; by: string; at: string } }
  | { type: 'ApplyProviderSubscription'; data: ProviderSubscriptionSnapshot }
  /**
   * A company user posts or reopens `jobId`. `openJobPostings`: how many of the company's other
   * counted jobs are open now (the caller reads their streams; see `countedJobIds`).
   */
  | { type: 'CountJobPosting'; data: { companyId: string; jobId: string; openJobPostings: number; at: string } };

/** How many provider event ids a stream remembers (a company sees a few a month). */
const SEEN_EVENT_IDS_KEPT = 500;

/** Statuses in which the company has a live paid subscription (a second checkout would make a second one). */
const LIVE: readonly SubscriptionStatus[] = ['trialing', 'active', 'past_due'];
export const hasLivePaidSubscription = (state: SubscriptionState) => state.provider !== null && LIVE.includes(state.status);

/**
 * Within one period of one subscription, two snapshots created in the same second are ordered by
 * how far along the subscription's life their status is; an ended subscription is last.
 */
const STATUS_RANK: Record<ProviderSubscriptionStatus, number> = { incomplete: 0, trialing: 1, active: 2, past_due: 3, unpaid: 4, paused: 4, incomplete_expired: 5, canceled: 5 };

const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Whether `snapshot` says something newer than what the state knows (ADR 030): decided from the
 * subscription's own timestamps, never from arrival order.
 * - An ended subscription stays ended.
 * - Another subscription replaces the known one only if the provider created it later.
 * - For the same subscription: a later period wins, then a later event, then a later status.
 */
export function isNewer(state: SubscriptionState, snapshot: ProviderSubscriptionSnapshot): boolean {
  if (state.endedSubscriptionIds.includes(snapshot.subscriptionId)) return false;
  const known = state.provider;
  if (!known) return true;
  if (known.subscriptionId !== snapshot.subscriptionId) {
    return compare(snapshot.subscriptionCreatedAt, known.subscriptionCreatedAt) > 0 || (snapshot.subscriptionCreatedAt === known.subscriptionCreatedAt && snapshot.subscriptionId > known.subscriptionId);
  }
  const order =
    compare(snapshot.currentPeriodStart ?? '', known.currentPeriodStart ?? '') ||
    compare(snapshot.eventCreatedAt, known.eventCreatedAt) ||
    compare(STATUS_RANK[snapshot.providerStatus], STATUS_RANK[known.providerStatus]);
  return order > 0;
}

/** Which event a newer snapshot becomes; null: nothing the company's plan depends on (a checkout not paid yet). */
function snapshotEvent(state: SubscriptionState, snapshot: ProviderSubscriptionSnapshot): SubscriptionEvent | null {
  switch (snapshot.providerStatus) {
    case 'incomplete':
      return null;
    case 'canceled':
    case 'incomplete_expired':
      return { type: 'SubscriptionCanceled', data: snapshot };
    case 'past_due':
    case 'unpaid':
    case 'paused':
      return { type: 'SubscriptionPastDue', data: snapshot };
    case 'trialing':
    case 'active': {
      const sameSubscription = state.provider?.subscriptionId === snapshot.subscriptionId;
      const alreadyScheduled = sameSubscription && state.provider!.cancelAtPeriodEnd;
      if (snapshot.cancelAtPeriodEnd && !alreadyScheduled) {
        // Cancelled in the billing portal: access until the period ends, then the free plan.
        return { type: 'SubscriptionPlanChangeScheduled', data: { ...snapshot, toPlanId: 'free', effectiveAt: snapshot.currentPeriodEnd ?? snapshot.trialEnd } };
      }
      const change = snapshot.cancelAtPeriodEnd ? null : (snapshot.scheduledChange ?? null);
      if (change && !(sameSubscription && sameChange(state.provider!.scheduledChange, change))) {
        // Another paid plan chosen in the billing portal for a later date: this plan until then.
        return { type: 'SubscriptionPlanChangeScheduled', data: { ...snapshot, toPlanId: change.planId, effectiveAt: change.effectiveAt } };
      }
      return { type: snapshot.providerStatus === 'trialing' ? 'SubscriptionTrialing' : 'SubscriptionActivated', data: snapshot };
    }
    default:
      return assertNever(snapshot.providerStatus);
  }
}

const STATUS_OF: Record<Exclude<SubscriptionEvent['type'], 'SubscriptionCheckoutStarted' | 'FreePlanActivated' | 'SubscriptionPlanChangeScheduled' | 'JobPostingCounted'>, SubscriptionStatus> = {
  SubscriptionTrialing: 'trialing',
  SubscriptionActivated: 'active',
  SubscriptionPastDue: 'past_due',
  SubscriptionCanceled: 'canceled',
};

/**
 * The plan whose limits apply now (plan limits, ADR 030): a paid plan while its subscription is
 * trialing, active or past due (a failed payment keeps the plan until the provider ends it); the
 * free plan before any choice, on the free plan, and once a paid subscription was canceled.
 */
export function planInForce(state: SubscriptionState): PlanId {
  if (state.planId === null || state.status === 'canceled' || state.status === 'none') return 'free';
  if (state.planId !== 'free' && !hasLivePaidSubscription(state)) return 'free';
  return state.planId;
}

/** The jobs whose streams the caller reads to count open postings: none when the plan has no limit. */
export function countedJobIds(state: SubscriptionState, exceptJobId: string): readonly string[] {
  return planById(planInForce(state)).maxJobPostings === 0 ? [] : state.jobPostingIds.filter((jobId) => jobId !== exceptJobId);
}

/** Refuses a checkout the company must not start: its plan already, or another paid plan still live. */
export function assertCheckoutAllowed(state: SubscriptionState, planId: PaidPlanId): void {
  if (!hasLivePaidSubscription(state)) return;
  if (state.planId === planId) throw new DomainError('conflict', SUBSCRIPTION_MESSAGES.alreadyOnPlan);
  throw new DomainError('conflict', SUBSCRIPTION_MESSAGES.changePaidPlanInPortal);
}

export const subscriptionDecider: Decider<SubscriptionCommand, SubscriptionEvent, SubscriptionState> = {
  schemas: SubscriptionEventSchemas,
  initialState: () => ({
    planId: null,
    status: 'none',
    billingPeriod: null,
    customerId: null,
    pendingCheckout: null,
    provider: null,
    endedSubscriptionIds: [],
    seenProviderEventIds: [],
    scheduledPlanId: null,
    currentPeriodEnd: null,
    trialEnd: null,
    jobPostingIds: [],
  }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'SubscriptionCheckoutStarted': {
        const { checkoutSessionId, planId, billingPeriod, customerId } = event.data;
        return { ...state, customerId, pendingCheckout: { checkoutSessionId, planId, billingPeriod }, status: state.status === 'none' ? 'pending' : state.status };
      }
      case 'FreePlanActivated':
        return { ...state, planId: 'free', status: 'active', billingPeriod: null, pendingCheckout: null, scheduledPlanId: null, currentPeriodEnd: null, trialEnd: null };
      case 'SubscriptionTrialing':
      case 'SubscriptionActivated':
      case 'SubscriptionPastDue':
      case 'SubscriptionCanceled':
      case 'SubscriptionPlanChangeScheduled': {
        const snapshot = event.data;
        const ended = event.type === 'SubscriptionCanceled';
        const status: SubscriptionStatus =
          event.type === 'SubscriptionPlanChangeScheduled' ? (snapshot.providerStatus === 'trialing' ? 'trialing' : 'active') : STATUS_OF[event.type];
        return {
          ...state,
          planId: snapshot.planId,
          status,
          billingPeriod: snapshot.billingPeriod,
          customerId: snapshot.customerId,
          pendingCheckout: null,
          provider: {
            subscriptionId: snapshot.subscriptionId,
            subscriptionCreatedAt: snapshot.subscriptionCreatedAt,
            currentPeriodStart: snapshot.currentPeriodStart,
            eventCreatedAt: snapshot.eventCreatedAt,
            providerStatus: snapshot.providerStatus,
            cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
            scheduledChange: snapshot.scheduledChange ?? null,
          },
          endedSubscriptionIds: ended ? [...state.endedSubscriptionIds, snapshot.subscriptionId] : state.endedSubscriptionIds,
          seenProviderEventIds: [...state.seenProviderEventIds, snapshot.providerEventId].slice(-SEEN_EVENT_IDS_KEPT),
          scheduledPlanId: scheduledPlanOf(snapshot, ended),
          currentPeriodEnd: snapshot.currentPeriodEnd,
          trialEnd: snapshot.trialEnd,
        };
      }
      case 'JobPostingCounted':
        return state.jobPostingIds.includes(event.data.jobId) ? state : { ...state, jobPostingIds: [...state.jobPostingIds, event.data.jobId] };
      default:
        return assertNever(event);
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'ActivateFreePlan': {
        if (hasLivePaidSubscription(state)) throw new DomainError('conflict', SUBSCRIPTION_MESSAGES.changePaidPlanInPortal);
        if (state.planId === 'free' && state.status === 'active') throw new DomainError('conflict', SUBSCRIPTION_MESSAGES.alreadyOnPlan);
        const { companyId, by, at } = command.data;
        return [{ type: 'FreePlanActivated', data: { companyId, activatedBy: by, activatedAt: at } }];
      }
      case 'StartCheckout': {
        const { companyId, planId, billingPeriod, checkoutSessionId, customerId, by, at } = command.data;
        assertCheckoutAllowed(state, planId);
        // The provider answered the same session to a retried request: it is already recorded.
        if (state.pendingCheckout?.checkoutSessionId === checkoutSessionId) return [];
        return [{ type: 'SubscriptionCheckoutStarted', data: { companyId, planId, billingPeriod, checkoutSessionId, customerId, startedBy: by, startedAt: at } }];
      }
      case 'ApplyProviderSubscription': {
        const snapshot = command.data;
        if (state.seenProviderEventIds.includes(snapshot.providerEventId)) return [];
        if (!isNewer(state, snapshot)) return [];
        const event = snapshotEvent(state, snapshot);
        return event ? [event] : [];
      }
      case 'CountJobPosting': {
        const { companyId, jobId, openJobPostings, at } = command.data;
        const plan = planById(planInForce(state));
        if (!withinLimit(plan.maxJobPostings, openJobPostings)) throw new DomainError('forbidden', jobPostLimitReached(plan.name, plan.maxJobPostings));
        return [{ type: 'JobPostingCounted', data: { companyId, jobId, planId: plan.planId, countedAt: at } }];
      }
      default:
        return assertNever(command);
    }
  },
};
