import { describe, expect, it } from 'vitest';
import { dataFor } from './export';

/** What a data download keeps of an event (ADR 080): the person's own fields, no other person's, no digest of a secret. */
describe('the data download of one event', () => {
  const invitation = {
    invitationId: 'inv-1',
    jobId: 'job-1',
    companyId: 'co-1',
    candidateUserId: 'cand-1',
    candidateProfileId: 'prof-1',
    message: 'We loved your Kafka work.',
    tokenHash: 'a'.repeat(64),
    sentBy: 'companyuser-1',
    sentAt: '2026-11-01T10:00:00.000Z',
    expiresAt: '2026-11-15T10:00:00.000Z',
  };

  it('gives the invitee the message written to them, without the hash of the invitation’s token', () => {
    const kept = dataFor({ type: 'InvitationSent', data: invitation }, 'cand-1') as Record<string, unknown>;
    expect(kept.message).toBe('We loved your Kafka work.');
    expect(kept).not.toHaveProperty('tokenHash');
    expect(Object.keys(kept).sort()).toEqual(Object.keys(invitation).filter((field) => field !== 'tokenHash').sort());
  });

  it('gives the sender the invitation without the candidate’s sealed message, and without the hash', () => {
    const kept = dataFor({ type: 'InvitationSent', data: invitation }, 'companyuser-1') as Record<string, unknown>;
    expect(kept).not.toHaveProperty('message');
    expect(kept).not.toHaveProperty('tokenHash');
    expect(kept.sentBy).toBe('companyuser-1');
  });

  it('leaves an alert mail’s unsubscribe digest out and keeps the rest', () => {
    const alert = { searchId: 's-1', userId: 'cand-1', jobIds: ['job-1'], frequency: 'daily', unsubscribeTokenHash: 'b'.repeat(64), sentAt: '2026-11-02T08:00:00.000Z' };
    expect(dataFor({ type: 'JobAlertSent', data: alert }, 'cand-1')).toEqual({ searchId: 's-1', userId: 'cand-1', jobIds: ['job-1'], frequency: 'daily', sentAt: '2026-11-02T08:00:00.000Z' });
  });
});
