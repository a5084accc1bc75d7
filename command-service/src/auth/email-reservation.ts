import { DomainError, MESSAGES, type EmailEvent, EmailEventSchemas } from '@hireloop/contracts';
import { assertNever, type Decider } from '../shared/decider';

/**
 * Stream `email-<sha256(email)>`: one account per email, enforced by the event store's
 * expected-version check rather than by a read model that may lag.
 */
export type EmailReservationState = { reservedBy: string | null; reservedAt: string | null };

export type EmailReservationCommand =
  | {
      type: 'ReserveEmail';
      data: {
        email: string;
        userId: string;
        now: string;
        /** Whether the account of the current reservation exists (looked up by the caller). */
        currentOwnerExists: boolean;
      };
    }
  /** The account holding the email was erased: the email is free for a new account. */
  | { type: 'ReleaseErasedAccountEmail'; data: { email: string; userId: string } }
  /**
   * `added-candidate-email-…` (ADR 038): the added candidate holding it made their account, which
   * now holds the address on `email-…`; the added reservation is released as claimed.
   */
  | { type: 'ReleaseClaimedEmail'; data: { email: string; userId: string } };

/**
 * A reservation whose account never got created (the process died between the two appends)
 * is taken over after this long; a sign-up still in progress is never robbed.
 */
export const ORPHANED_RESERVATION_AFTER_MS = 60_000;

export const emailReservationDecider: Decider<EmailReservationCommand, EmailEvent, EmailReservationState> = {
  schemas: EmailEventSchemas,
  initialState: () => ({ reservedBy: null, reservedAt: null }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'EmailReserved':
        return { reservedBy: event.data.userId, reservedAt: event.data.reservedAt };
      case 'EmailReservationReleased':
        return { reservedBy: null, reservedAt: null };
      default:
        return assertNever(event);
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'ReserveEmail': {
        const { email, userId, now, currentOwnerExists } = command.data;
        const reserved = { type: 'EmailReserved' as const, data: { email, userId, reservedAt: now } };
        if (state.reservedBy === null) return [reserved];
        const age = Date.parse(now) - Date.parse(state.reservedAt ?? now);
        if (currentOwnerExists || age < ORPHANED_RESERVATION_AFTER_MS) throw new DomainError('conflict', MESSAGES.accountExists);
        return [
          { type: 'EmailReservationReleased', data: { email, userId: state.reservedBy, reason: 'account was never created' } },
          reserved,
        ];
      }
      case 'ReleaseErasedAccountEmail': {
        const { email, userId } = command.data;
        if (state.reservedBy !== userId) return [];
        return [{ type: 'EmailReservationReleased', data: { email, userId, reason: 'account erased' } }];
      }
      case 'ReleaseClaimedEmail': {
        const { email, userId } = command.data;
        // Held by nobody, or by another person: nothing of this person's to release.
        if (state.reservedBy !== userId) return [];
        return [{ type: 'EmailReservationReleased', data: { email, userId, reason: 'claimed by the person' } }];
      }
      default:
        return assertNever(command);
    }
  },
};
