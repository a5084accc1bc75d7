import { INVITATION_MESSAGES, type AvailabilityBody } from '@hireloop/contracts';
import { assertEvent, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { toast, type ToastOptions } from '../../../components/ui/toast';
import { clientErrorText, NetworkError } from '../../../lib/api-client';
import { revealProfile, submitAvailability } from '../api/invitations';

export interface InvitationFlowContext {
  token: string;
  /** Where the invitation stood on the server when the page opened (decides the first state). */
  opened: { hasRevealed: boolean; hasSubmittedAvailability: boolean };
}

export interface InvitationFlowInput {
  token: string;
  /** Where the invitation stands on the server when the page opens. */
  hasRevealed: boolean;
  hasSubmittedAvailability: boolean;
}

export type InvitationFlowEvent =
  | { type: 'invitation.reveal' }
  | { type: 'availability.open' }
  | { type: 'availability.close' }
  /** The dialog's form, its values parsed by `AvailabilityBody` (the choices are the form's, kept while it is closed). */
  | { type: 'availability.submit'; body: AvailabilityBody }
  /** The dialog's form was refused for want of a day or a time slot. */
  | { type: 'availability.incomplete' };

/** What a toast of the flow says (part 1 §8). */
export type InvitationNotice = Pick<ToastOptions, 'title' | 'description' | 'variant'>;

/**
 * The reason a failed call gives the person: the network's message, or the server's own words for
 * a 4xx (its texts start with the toast they belong to), else nothing beyond the toast's title.
 */
function reasonOf(error: unknown, title: string): string | undefined {
  if (error instanceof NetworkError) return error.message;
  const text = clientErrorText(error);
  return text && text !== title ? text : undefined;
}

/** The company moved the request to the offer stage (another tab, the company's own pace): the times stand as they are (ADR 118). */
const afterOffer = (error: unknown) => clientErrorText(error) === INVITATION_MESSAGES.availabilityAfterOffer;

const refusedNotice = ({ event }: { event: { error: unknown } }): InvitationNotice => ({
  title: INVITATION_MESSAGES.availabilityFailed,
  description: reasonOf(event.error, INVITATION_MESSAGES.availabilityFailed),
  variant: 'destructive' as const,
});
const afterOfferNotice: InvitationNotice = { title: INVITATION_MESSAGES.availabilityAfterOffer, variant: 'default' as const };
const incompleteNotice: InvitationNotice = {
  title: INVITATION_MESSAGES.selectionRequiredTitle,
  description: INVITATION_MESSAGES.selectionRequired,
  variant: 'destructive' as const,
};

const invitationSetup = setup({
  types: {
    context: {} as InvitationFlowContext,
    events: {} as InvitationFlowEvent,
    input: {} as InvitationFlowInput,
  },
  actors: {
    reveal: fromPromise<void, { token: string }>(({ input }) => revealProfile(input.token)),
    submitAvailability: fromPromise<void, { token: string; body: AvailabilityBody }>(({ input }) =>
      submitAvailability(input.token, input.body),
    ),
  },
  guards: {
    openedSubmitted: ({ context }) => context.opened.hasSubmittedAvailability,
    openedRevealed: ({ context }) => context.opened.hasRevealed,
    afterOffer: ({ event }) => 'error' in event && afterOffer(event.error),
  },
  actions: {
    /** A toast; the default shows it, tests provide a spy. */
    notify: (_, notice: InvitationNotice) => {
      toast(notice);
    },
  },
});

/**
 * The availability dialog, open (`choosing`) and sending (`submitting`): the same whether the
 * candidate offers times for the first time, after the reveal, or changes them (ADR 118). `closed`
 * is the sibling state closing it goes back to; `offered` is where times the server took lead (and
 * the toast they bring, if any), as do times the company's move to the offer stage overtook.
 */
function availabilityDialog(closed: string, offered: { target: string; notice?: InvitationNotice }) {
  return {
    choosing: invitationSetup.createStateConfig({
      on: {
        'availability.close': closed,
        'availability.submit': 'submitting',
        'availability.incomplete': { actions: { type: 'notify', params: incompleteNotice } },
      },
    }),
    submitting: invitationSetup.createStateConfig({
      invoke: {
        src: 'submitAvailability',
        input: ({ context, event }) => {
          assertEvent(event, 'availability.submit');
          return { token: context.token, body: event.body };
        },
        onDone: { target: offered.target, actions: offered.notice ? { type: 'notify', params: offered.notice } : [] },
        onError: [
          // Times offered in another tab, then moved on by the company: say so and show where things stand.
          { guard: 'afterOffer', target: offered.target, actions: { type: 'notify', params: afterOfferNotice } },
          // Nothing chosen is lost: the dialog stays open with the new choices.
          { target: 'choosing', actions: { type: 'notify', params: refusedNotice } },
        ],
      },
    }),
  };
}

/**
 * The invitation flow (part 1 §4): not revealed → revealed, with the availability dialog opening
 * right after → availability submitted (the thank-you banner). The calls are invoked actors and
 * the toasts an action, so the page provides the real ones and the tests their own.
 */
export const invitationMachine = invitationSetup.createMachine({
  id: 'invitation',
  context: ({ input }) => ({
    token: input.token,
    opened: { hasRevealed: input.hasRevealed, hasSubmittedAvailability: input.hasSubmittedAvailability },
  }),
  initial: 'start',
  states: {
    start: {
      // Opened again after the reveal: the dialog waits for its button (it opens by itself only right after revealing).
      always: [{ guard: 'openedSubmitted', target: 'submitted' }, { guard: 'openedRevealed', target: 'revealed' }, { target: 'notRevealed' }],
    },
    notRevealed: {
      initial: 'idle',
      states: {
        idle: { on: { 'invitation.reveal': 'revealing' } },
        revealing: {
          invoke: {
            src: 'reveal',
            input: ({ context }) => ({ token: context.token }),
            onDone: {
              // The dialog opens right after the reveal (part 1 §4).
              target: '#invitation.revealed.choosing',
              actions: {
                type: 'notify',
                params: {
                  title: INVITATION_MESSAGES.profileRevealed,
                  description: 'Your profile has been shared with the company.',
                  variant: 'success' as const,
                },
              },
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'notify',
                params: ({ event }) => ({
                  title: INVITATION_MESSAGES.revealFailed,
                  description: reasonOf(event.error, INVITATION_MESSAGES.revealFailed),
                  variant: 'destructive' as const,
                }),
              },
            },
          },
        },
      },
    },
    revealed: {
      initial: 'closed',
      states: {
        closed: { on: { 'availability.open': 'choosing' } },
        ...availabilityDialog('closed', { target: '#invitation.submitted' }),
      },
    },
    /** Times offered (the thank-you banner); the candidate may change them until the offer stage (ADR 118). */
    submitted: {
      initial: 'done',
      states: {
        done: { on: { 'availability.open': 'choosing' } },
        ...availabilityDialog('done', {
          target: 'done',
          notice: { title: INVITATION_MESSAGES.availabilityUpdated, description: INVITATION_MESSAGES.availabilityUpdatedText, variant: 'success' as const },
        }),
      },
    },
  },
});

export type InvitationFlowSnapshot = SnapshotFrom<typeof invitationMachine>;

/** Which screen of the flow a snapshot is on. */
export type InvitationStep = 'notRevealed' | 'revealing' | 'revealed' | 'choosing' | 'submitting' | 'submitted';

export function invitationStep(snapshot: InvitationFlowSnapshot): InvitationStep {
  if (snapshot.matches({ submitted: 'done' })) return 'submitted';
  if (snapshot.matches({ notRevealed: 'revealing' })) return 'revealing';
  if (snapshot.matches({ revealed: 'choosing' }) || snapshot.matches({ submitted: 'choosing' })) return 'choosing';
  if (snapshot.matches({ revealed: 'submitting' }) || snapshot.matches({ submitted: 'submitting' })) return 'submitting';
  if (snapshot.matches('revealed')) return 'revealed';
  return 'notRevealed';
}

/** Whether the candidate already offered times (the banner stays while they change them, ADR 118). */
export const hasOfferedTimes = (snapshot: InvitationFlowSnapshot): boolean => snapshot.matches('submitted');
