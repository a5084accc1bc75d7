import { describe, it } from 'vitest';
import { MESSAGES } from '@hireloop/contracts';
import { deciderSpec } from '../shared/decider-spec';
import { emailReservationDecider, ORPHANED_RESERVATION_AFTER_MS } from './email-reservation';

const spec = deciderSpec(emailReservationDecider);
const reservedAt = '2026-11-22T10:00:00.000Z';
const reserved = { type: 'EmailReserved' as const, data: { email: 'ada@example.com', userId: 'user-1', reservedAt } };
const reserve = (userId: string, now: string, currentOwnerExists: boolean) => ({
  type: 'ReserveEmail' as const,
  data: { email: 'ada@example.com', userId, now, currentOwnerExists },
});

describe('email reservation', () => {
  it('reserves a free email for the new account', () => {
    spec.given([]).when(reserve('user-1', reservedAt, false)).then([reserved]);
  });

  it('refuses an email that already has an account', () => {
    spec.given([reserved]).when(reserve('user-2', '2026-11-22T11:00:00.000Z', true)).thenThrows(MESSAGES.accountExists);
  });

  it('refuses an email whose sign-up may still be in progress', () => {
    const soon = new Date(Date.parse(reservedAt) + ORPHANED_RESERVATION_AFTER_MS - 1).toISOString();
    spec.given([reserved]).when(reserve('user-2', soon, false)).thenThrows(MESSAGES.accountExists);
  });

  it('takes over a reservation whose account was never created', () => {
    const later = new Date(Date.parse(reservedAt) + ORPHANED_RESERVATION_AFTER_MS).toISOString();
    spec
      .given([reserved])
      .when(reserve('user-2', later, false))
      .then([
        { type: 'EmailReservationReleased', data: { email: 'ada@example.com', userId: 'user-1', reason: 'account was never created' } },
        { type: 'EmailReserved', data: { email: 'ada@example.com', userId: 'user-2', reservedAt: later } },
      ]);
  });
});

describe('the email of an erased account', () => {
  it('is released, so the address can sign up again', () => {
    spec
      .given([reserved])
      .when({ type: 'ReleaseErasedAccountEmail', data: { email: 'ada@example.com', userId: 'user-1' } })
      .then([{ type: 'EmailReservationReleased', data: { email: 'ada@example.com', userId: 'user-1', reason: 'account erased' } }]);
  });

  it('is not released when another account holds it now', () => {
    spec.given([reserved]).when({ type: 'ReleaseErasedAccountEmail', data: { email: 'ada@example.com', userId: 'user-2' } }).then([]);
  });
});
