import { describe, it } from 'vitest';
import { API_KEY_MESSAGES } from '@hireloop/contracts';
import { deciderSpec } from '../shared/decider-spec';
import { apiKeyDecider } from './decider';

const spec = deciderSpec(apiKeyDecider);
const created = { type: 'ApiKeyCreated' as const, data: { keyId: 'k1', userId: 'u1', createdAt: '2026-11-26T10:00:00.000Z', expiresAt: '2027-02-24T10:00:00.000Z' } };
const revoke = (userId: string) => ({ type: 'RevokeApiKey' as const, data: { userId, at: '2026-11-26T11:00:00.000Z' } });

describe('API keys (ADR 042)', () => {
  it('a key is created once, with when it expires (or null: never)', () => {
    spec
      .given([])
      .when({ type: 'CreateApiKey', data: { keyId: 'k1', userId: 'u1', at: '2026-11-26T10:00:00.000Z', expiresAt: null } })
      .then([{ type: 'ApiKeyCreated', data: { keyId: 'k1', userId: 'u1', createdAt: '2026-11-26T10:00:00.000Z', expiresAt: null } }]);
    spec.given([]).when({ type: 'CreateApiKey', data: { keyId: 'k1', userId: 'u1', at: '2026-11-26T10:00:00.000Z', expiresAt: '2027-02-24T10:00:00.000Z' } }).then([created]);
    spec.given([created]).when({ type: 'CreateApiKey', data: { keyId: 'k1', userId: 'u1', at: '2026-11-26T10:00:00.000Z', expiresAt: '2027-02-24T10:00:00.000Z' } }).thenThrows('This API key already exists.');
  });

  it('its owner revokes it; revoking again records nothing', () => {
    const revoked = { type: 'ApiKeyRevoked' as const, data: { keyId: 'k1', userId: 'u1', revokedAt: '2026-11-26T11:00:00.000Z' } };
    spec.given([created]).when(revoke('u1')).then([revoked]);
    spec.given([created, revoked]).when(revoke('u1')).then([]);
  });

  it('someone else’s key, or no key, is not found', () => {
    spec.given([created]).when(revoke('u2')).thenThrows(API_KEY_MESSAGES.notFound);
    spec.given([]).when(revoke('u1')).thenThrows(API_KEY_MESSAGES.notFound);
  });
});
