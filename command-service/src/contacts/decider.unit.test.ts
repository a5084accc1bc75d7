import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES, UpgradeRequiredError, type CandidateContacted, type ProviderSubscriptionSnapshot, type SubscriptionEvent } from '@hireloop/contracts';
import { deciderSpec } from '../shared/decider-spec';
import { fold } from '../shared/decider';
import { subscriptionDecider } from '../subscriptions/decider';
import { contactDecider, contactRefusal, contactThreadIdFor, type ContactCommand } from './decider';

const spec = deciderSpec(contactDecider);
const at = '2026-11-25T10:00:00.000Z';

const snapshot = (providerStatus: ProviderSubscriptionSnapshot['providerStatus'], overrides: Partial<ProviderSubscriptionSnapshot> = {}): ProviderSubscriptionSnapshot => ({
  companyId: 'company-1',
  providerEventId: `evt_${providerStatus}`,
  eventCreatedAt: at,
  subscriptionId: 'sub_1',
  customerId: 'cus_1',
  planId: 'small_business',
  billingPeriod: 'monthly',
  providerStatus,
  subscriptionCreatedAt: at,
  currentPeriodStart: at,
  currentPeriodEnd: '2026-12-25T10:00:00.000Z',
  trialEnd: null,
  cancelAtPeriodEnd: false,
  ...overrides,
});
const freePlan: SubscriptionEvent = { type: 'FreePlanActivated', data: { companyId: 'company-1', activatedBy: 'user-owner', activatedAt: at } };
const checkoutStarted: SubscriptionEvent = {
  type: 'SubscriptionCheckoutStarted',
  data: { companyId: 'company-1', planId: 'small_business', billingPeriod: 'monthly', checkoutSessionId: 'cs_1', customerId: 'cus_1', startedBy: 'user-owner', startedAt: at },
};

/** The company's subscription stream in each state of the gate, as the webhook leaves it. */
const SUBSCRIPTION_STREAMS: Record<string, SubscriptionEvent[]> = {
  'no plan': [],
  free: [freePlan],
  trialing: [{ type: 'SubscriptionTrialing', data: snapshot('trialing', { trialEnd: '2026-12-09T10:00:00.000Z' }) }],
  active: [{ type: 'SubscriptionActivated', data: snapshot('active') }],
  past_due: [{ type: 'SubscriptionActivated', data: snapshot('active') }, { type: 'SubscriptionPastDue', data: snapshot('past_due', { eventCreatedAt: '2026-11-26T10:00:00.000Z' }) }],
  canceled: [{ type: 'SubscriptionActivated', data: snapshot('active') }, { type: 'SubscriptionCanceled', data: snapshot('canceled', { eventCreatedAt: '2026-11-26T10:00:00.000Z' }) }],
};

const threadId = contactThreadIdFor('company-1', 'user-ada');
type ContactData = Extract<ContactCommand, { type: 'ContactCandidate' }>['data'];
const command = (subscription: SubscriptionEvent[], overrides: Partial<ContactData> = {}): ContactCommand => ({
  type: 'ContactCandidate',
  data: {
    contactId: 'contact-1',
    threadId,
    by: { userId: 'user-owner', type: 'company', companyId: 'company-1' },
    subscription: fold(subscriptionDecider, subscription),
    candidate: { profileId: 'profile-ada', userId: 'user-ada', isPublic: true },
    contactType: 'inquiry',
    message: 'We loved your pipeline work.',
    now: at,
    ...overrides,
  },
});
const contacted: CandidateContacted = {
  contactId: 'contact-1',
  threadId,
  companyId: 'company-1',
  candidateUserId: 'user-ada',
  candidateProfileId: 'profile-ada',
  contactType: 'inquiry',
  message: 'We loved your pipeline work.',
  sentBy: 'user-owner',
  sentAt: at,
};

describe('contact decider: the plan gate, from the subscription stream (ADR 032)', () => {
  it.each([
    ['no plan', false, CONTACT_MESSAGES.noPlan],
    ['free', false, CONTACT_MESSAGES.freePlan],
    ['trialing', true, null],
    ['active', true, null],
    ['past_due', true, null],
    ['canceled', false, CONTACT_MESSAGES.subscriptionEnded],
  ] as const)('%s → %s', (state, allowed, refusal) => {
    const when = spec.given([]).when(command(SUBSCRIPTION_STREAMS[state]!));
    if (allowed) {
      when.then([{ type: 'CandidateContacted', data: contacted }]);
    } else {
      when.thenThrows(refusal!);
      // The route answers it with requiresUpgrade: true.
      expect(() => contactDecider.decide(command(SUBSCRIPTION_STREAMS[state]!), contactDecider.initialState())).toThrow(UpgradeRequiredError);
    }
  });

  it('a checkout started but never completed is no plan yet', () => {
    expect(contactRefusal(fold(subscriptionDecider, [checkoutStarted]))).toBe(CONTACT_MESSAGES.noPlan);
    // …and on the free plan it stays the free plan until the provider says otherwise.
    expect(contactRefusal(fold(subscriptionDecider, [freePlan, checkoutStarted]))).toBe(CONTACT_MESSAGES.freePlan);
  });

  it('unpaid and paused (the provider gave up collecting, or paused) are refused though the state reads past_due', () => {
    for (const status of ['unpaid', 'paused'] as const) {
      const subscription = fold(subscriptionDecider, [{ type: 'SubscriptionPastDue', data: snapshot(status) }]);
      expect(subscription.status).toBe('past_due');
      expect(contactRefusal(subscription)).toBe(CONTACT_MESSAGES.paymentSuspended);
    }
  });

  it('cancelled at the period’s end: still allowed until the subscription ends', () => {
    const scheduled: SubscriptionEvent = { type: 'SubscriptionPlanChangeScheduled', data: { ...snapshot('active', { cancelAtPeriodEnd: true }), toPlanId: 'free', effectiveAt: '2026-12-25T10:00:00.000Z' } };
    expect(contactRefusal(fold(subscriptionDecider, [scheduled]))).toBeNull();
  });

  it('a canceled plan followed by the free plan is the free plan', () => {
    expect(contactRefusal(fold(subscriptionDecider, [...SUBSCRIPTION_STREAMS.canceled!, freePlan]))).toBe(CONTACT_MESSAGES.freePlan);
  });
});

describe('contact decider: who, whom and what', () => {
  const paid = SUBSCRIPTION_STREAMS.active!;

  it('only a company user with a company may contact', () => {
    spec.given([]).when(command(paid, { by: { userId: 'user-ada', type: 'candidate', companyId: null } })).thenThrows(CONTACT_MESSAGES.companiesOnly);
    spec.given([]).when(command(paid, { by: { userId: 'user-x', type: 'company', companyId: null } })).thenThrows(CONTACT_MESSAGES.noCompany);
  });

  it('a missing or private profile is one answer: candidate not found', () => {
    spec.given([]).when(command(paid, { candidate: null })).thenThrows(CONTACT_MESSAGES.candidateNotFound);
    spec.given([]).when(command(paid, { candidate: { profileId: 'profile-ada', userId: 'user-ada', isPublic: false } })).thenThrows(CONTACT_MESSAGES.candidateNotFound);
  });

  it('the plan is checked before the candidate: a free company learns nothing about profiles', () => {
    spec.given([]).when(command(SUBSCRIPTION_STREAMS.free!, { candidate: null })).thenThrows(CONTACT_MESSAGES.freePlan);
  });

  it('the message is trimmed; empty or whitespace only is refused', () => {
    spec.given([]).when(command(paid, { message: '  \n We loved your pipeline work. \t' })).then([{ type: 'CandidateContacted', data: contacted }]);
    spec.given([]).when(command(paid, { message: ' \n\t ' })).thenThrows(CONTACT_MESSAGES.emptyMessage);
  });

  it('a company may write to the same candidate again: the thread counts its messages', () => {
    const first = { type: 'CandidateContacted' as const, data: contacted };
    spec.given([first]).when(command(paid, { contactId: 'contact-2', message: 'Following up.' })).then([{ type: 'CandidateContacted', data: { ...contacted, contactId: 'contact-2', message: 'Following up.' } }]);
    expect(fold(contactDecider, [first, first])).toMatchObject({ messages: 2, lastSentAt: at, companyId: 'company-1', candidateUserId: 'user-ada' });
  });

  it('the thread of a pair is stable and differs per company and per candidate', () => {
    expect(contactThreadIdFor('company-1', 'user-ada')).toMatch(/^[0-9a-f]{32}$/);
    expect(contactThreadIdFor('company-1', 'user-ada')).toBe(threadId);
    expect(contactThreadIdFor('company-2', 'user-ada')).not.toBe(threadId);
    expect(contactThreadIdFor('company-1', 'user-bo')).not.toBe(threadId);
  });
});

describe('conversation decider: replies and the company’s read mark (ADR 069)', () => {
  const first = { type: 'CandidateContacted' as const, data: contacted };
  const later = '2026-11-26T09:00:00.000Z';
  type ReplyData = Extract<ContactCommand, { type: 'Reply' }>['data'];
  const reply = (overrides: Partial<ReplyData> = {}): ContactCommand => ({
    type: 'Reply',
    data: {
      messageId: 'message-2',
      threadId,
      by: { userId: 'user-ada', type: 'candidate', companyId: null },
      subscription: null,
      candidateExists: true,
      message: '  Happy to talk! ',
      now: later,
      ...overrides,
    },
  });
  const colleague = { userId: 'user-colleague', type: 'company' as const, companyId: 'company-1' };
  const replied = { messageId: 'message-2', threadId, companyId: 'company-1', candidateUserId: 'user-ada', candidateProfileId: 'profile-ada', message: 'Happy to talk!', sentAt: later };

  it('the thread’s candidate replies: a CandidateReplied, trimmed, with no plan asked of anyone', () => {
    spec.given([first]).when(reply()).then([{ type: 'CandidateReplied', data: replied }]);
  });

  it('any user of the thread’s company answers on a paid plan, as a further CandidateContacted; not on a free or ended one', () => {
    spec
      .given([first])
      .when(reply({ by: colleague, subscription: fold(subscriptionDecider, SUBSCRIPTION_STREAMS.active!), message: 'Great, Tuesday?' }))
      .then([{ type: 'CandidateContacted', data: { ...contacted, contactId: 'message-2', message: 'Great, Tuesday?', sentBy: 'user-colleague', sentAt: later } }]);
    for (const state of ['free', 'canceled', 'no plan'] as const) {
      expect(() => contactDecider.decide(reply({ by: colleague, subscription: fold(subscriptionDecider, SUBSCRIPTION_STREAMS[state]!) }), fold(contactDecider, [first]))).toThrow(UpgradeRequiredError);
    }
  });

  it('no thread, another candidate, another company: the same 404; an erased candidate’s thread takes no more messages', () => {
    spec.given([]).when(reply()).thenThrows(CONTACT_MESSAGES.conversationNotFound);
    spec.given([first]).when(reply({ by: { userId: 'user-bo', type: 'candidate', companyId: null } })).thenThrows(CONTACT_MESSAGES.conversationNotFound);
    spec.given([first]).when(reply({ by: { userId: 'user-other', type: 'company', companyId: 'company-2' } })).thenThrows(CONTACT_MESSAGES.conversationNotFound);
    spec.given([first]).when(reply({ candidateExists: false })).thenThrows(CONTACT_MESSAGES.conversationNotFound);
  });

  it('an empty reply is refused with its own text', () => {
    spec.given([first]).when(reply({ message: ' \n ' })).thenThrows(CONTACT_MESSAGES.emptyReply);
  });

  it('the company’s read mark: one per thread, forward only, capped at now; the candidate marks their inbox instead', () => {
    const mark = (upTo: string, by: ReplyData['by'] = colleague): ContactCommand => ({ type: 'MarkReadByCompany', data: { threadId, by, upTo, now: later } });
    const read = { type: 'ConversationReadByCompany' as const, data: { threadId, companyId: 'company-1', readBy: 'user-colleague', upTo: at, readAt: later } };
    spec.given([first]).when(mark(at)).then([read]);
    spec.given([first, read]).when(mark(at)).then([]);
    spec.given([first, read]).when(mark('2999-01-01T00:00:00.000Z')).then([{ ...read, data: { ...read.data, upTo: later } }]);
    spec.given([first]).when(mark(at, { userId: 'user-ada', type: 'candidate', companyId: null })).thenThrows(CONTACT_MESSAGES.companyReadsOnly);
    spec.given([first]).when(mark(at, { userId: 'user-other', type: 'company', companyId: 'company-2' })).thenThrows(CONTACT_MESSAGES.conversationNotFound);
  });
});
