import { INVITATION_MESSAGES, type AvailabilityBody } from '@hireloop/contracts';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { hasOfferedTimes, invitationMachine, invitationStep, type InvitationFlowInput, type InvitationNotice } from './invitation-machine';

const TOKEN = `${'a'.repeat(32)}.${'b'.repeat(43)}`;

interface Overrides {
  reveal?: () => Promise<void>;
  submit?: (body: AvailabilityBody) => Promise<void>;
}

/** The machine with provided calls (recorded) and toasts (collected). */
function start(overrides: Overrides = {}, input: Partial<InvitationFlowInput> = {}) {
  const calls = { reveal: [] as string[], submit: [] as Array<{ token: string; body: AvailabilityBody }> };
  const notices: InvitationNotice[] = [];
  const machine = invitationMachine.provide({
    actors: {
      reveal: fromPromise<void, { token: string }>(async ({ input }) => {
        calls.reveal.push(input.token);
        await (overrides.reveal ?? (async () => {}))();
      }),
      submitAvailability: fromPromise<void, { token: string; body: AvailabilityBody }>(async ({ input }) => {
        calls.submit.push(input);
        await (overrides.submit ?? (async () => {}))(input.body);
      }),
    },
    actions: {
      notify: (_, notice: InvitationNotice) => {
        notices.push(notice);
      },
    },
  });
  const actor = createActor(machine, {
    input: { token: TOKEN, hasRevealed: false, hasSubmittedAvailability: false, ...input },
  });
  actor.start();
  return { actor, calls, notices, step: () => invitationStep(actor.getSnapshot()) };
}

/** The dialog's form as parsed by the contract's `AvailabilityBody`. */
const BODY: AvailabilityBody = {
  availableDays: ['Monday', 'Wednesday'],
  availableTimes: ['9:00 AM - 12:00 PM', '3:00 PM - 6:00 PM'],
  timezone: 'America/New_York',
  additionalNotes: 'Not before 10.',
};

const apiError = (status: number, error: string) => new ApiError(status, JSON.stringify({ success: false, error }), '');

describe('the invitation flow machine', () => {
  it('starts where the invitation stands: not revealed, revealed (dialog closed), or submitted', () => {
    expect(start().step()).toBe('notRevealed');
    expect(start({}, { hasRevealed: true }).step()).toBe('revealed');
    const done = start({}, { hasRevealed: true, hasSubmittedAvailability: true });
    expect(done.step()).toBe('submitted');
    // Not the end: the times may still change (ADR 118).
    expect(done.actor.getSnapshot().status).toBe('active');
  });

  it('reveal → "Profile Revealed" and the availability dialog opens right after', async () => {
    const { actor, calls, notices, step } = start();
    actor.send({ type: 'invitation.reveal' });
    expect(step()).toBe('revealing');
    await waitFor(actor, (snapshot) => invitationStep(snapshot) === 'choosing');
    expect(calls.reveal).toEqual([TOKEN]);
    expect(notices).toEqual([expect.objectContaining({ title: INVITATION_MESSAGES.profileRevealed, variant: 'success' })]);
  });

  it('a failed reveal toasts "Failed to reveal profile. Please try again." with the reason, and allows another try', async () => {
    let fail: Error | null = new NetworkError();
    const { actor, calls, notices, step } = start({
      reveal: async () => {
        if (fail) throw fail;
      },
    });
    actor.send({ type: 'invitation.reveal' });
    await waitFor(actor, (snapshot) => invitationStep(snapshot) === 'notRevealed');
    expect(notices).toEqual([{ title: INVITATION_MESSAGES.revealFailed, description: 'Network error. Please try again.', variant: 'destructive' }]);

    fail = apiError(404, INVITATION_MESSAGES.notFound);
    actor.send({ type: 'invitation.reveal' });
    await waitFor(actor, (snapshot) => invitationStep(snapshot) === 'notRevealed' && notices.length === 2);
    expect(notices[1]).toEqual({ title: INVITATION_MESSAGES.revealFailed, description: INVITATION_MESSAGES.notFound, variant: 'destructive' });

    fail = null;
    actor.send({ type: 'invitation.reveal' });
    await waitFor(actor, (snapshot) => invitationStep(snapshot) === 'choosing');
    expect(calls.reveal).toHaveLength(3);
    expect(step()).toBe('choosing');
  });

  it('a form refused for want of a day or a slot stays put and says "Selection Required"', () => {
    const { actor, calls, notices, step } = start({}, { hasRevealed: true });
    actor.send({ type: 'availability.open' });
    actor.send({ type: 'availability.incomplete' });
    expect(step()).toBe('choosing');
    expect(calls.submit).toEqual([]);
    expect(notices).toEqual([
      { title: INVITATION_MESSAGES.selectionRequiredTitle, description: INVITATION_MESSAGES.selectionRequired, variant: 'destructive' },
    ]);
  });

  it('sends the form’s choices as parsed, then shows the thank-you', async () => {
    const { actor, calls, step } = start({}, { hasRevealed: true });
    actor.send({ type: 'availability.open' });
    actor.send({ type: 'availability.submit', body: BODY });
    expect(step()).toBe('submitting');
    await waitFor(actor, (snapshot) => invitationStep(snapshot) === 'submitted');
    expect(calls.submit).toEqual([{ token: TOKEN, body: BODY }]);
    expect(step()).toBe('submitted');
  });

  it('a failed submission toasts "Failed to submit availability. Please try again." and goes back to choosing', async () => {
    const { actor, notices, step } = start({ submit: async () => Promise.reject(apiError(400, INVITATION_MESSAGES.timezone)) }, { hasRevealed: true });
    actor.send({ type: 'availability.open' });
    actor.send({ type: 'availability.submit', body: BODY });
    await waitFor(actor, (snapshot) => invitationStep(snapshot) === 'choosing');
    expect(notices).toEqual([{ title: INVITATION_MESSAGES.availabilityFailed, description: INVITATION_MESSAGES.timezone, variant: 'destructive' }]);
    expect(step()).toBe('choosing');
  });

  it('times sent in another tab, then moved to the offer stage by the company (409), end at the thank-you, saying so', async () => {
    const { actor, notices, step } = start({ submit: async () => Promise.reject(apiError(409, INVITATION_MESSAGES.availabilityAfterOffer)) }, { hasRevealed: true });
    actor.send({ type: 'availability.open' });
    actor.send({ type: 'availability.submit', body: BODY });
    await waitFor(actor, (snapshot) => invitationStep(snapshot) === 'submitted');
    expect(notices).toEqual([{ title: INVITATION_MESSAGES.availabilityAfterOffer, variant: 'default' }]);
    expect(step()).toBe('submitted');
  });

  it('after the thank-you the candidate changes the times: "Availability Updated", back at the thank-you (ADR 118)', async () => {
    const { actor, calls, notices, step } = start({}, { hasRevealed: true, hasSubmittedAvailability: true });
    expect(step()).toBe('submitted');
    expect(hasOfferedTimes(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'availability.open' });
    expect(step()).toBe('choosing');
    expect(hasOfferedTimes(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'availability.close' });
    expect(step()).toBe('submitted');
    actor.send({ type: 'availability.open' });
    actor.send({ type: 'availability.submit', body: BODY });
    expect(step()).toBe('submitting');
    await waitFor(actor, (snapshot) => invitationStep(snapshot) === 'submitted');
    expect(calls.submit).toEqual([{ token: TOKEN, body: BODY }]);
    expect(notices).toEqual([{ title: INVITATION_MESSAGES.availabilityUpdated, description: INVITATION_MESSAGES.availabilityUpdatedText, variant: 'success' }]);
  });

  it('a refused change keeps the dialog open with the new choices, and a change after the offer stage ends at the thank-you', async () => {
    const refused = start({ submit: async () => Promise.reject(apiError(400, INVITATION_MESSAGES.timezone)) }, { hasRevealed: true, hasSubmittedAvailability: true });
    refused.actor.send({ type: 'availability.open' });
    refused.actor.send({ type: 'availability.submit', body: BODY });
    await waitFor(refused.actor, (snapshot) => invitationStep(snapshot) === 'choosing');
    expect(refused.notices).toEqual([{ title: INVITATION_MESSAGES.availabilityFailed, description: INVITATION_MESSAGES.timezone, variant: 'destructive' }]);

    const late = start({ submit: async () => Promise.reject(apiError(409, INVITATION_MESSAGES.availabilityAfterOffer)) }, { hasRevealed: true, hasSubmittedAvailability: true });
    late.actor.send({ type: 'availability.open' });
    late.actor.send({ type: 'availability.submit', body: BODY });
    await waitFor(late.actor, (snapshot) => invitationStep(snapshot) === 'submitted');
    expect(late.notices).toEqual([{ title: INVITATION_MESSAGES.availabilityAfterOffer, variant: 'default' }]);
  });

  it('the dialog closes and opens again; nothing opens it, nor sends, before the reveal', () => {
    const { actor, calls, step } = start();
    actor.send({ type: 'availability.open' });
    actor.send({ type: 'availability.submit', body: BODY });
    expect(step()).toBe('notRevealed');
    expect(calls.submit).toEqual([]);

    const revealed = start({}, { hasRevealed: true });
    revealed.actor.send({ type: 'availability.open' });
    revealed.actor.send({ type: 'availability.close' });
    expect(revealed.step()).toBe('revealed');
    revealed.actor.send({ type: 'availability.open' });
    expect(revealed.step()).toBe('choosing');
  });
});
