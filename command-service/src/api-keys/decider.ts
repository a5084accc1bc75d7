import { API_KEY_MESSAGES, ApiKeyEventSchemas, DomainError, type ApiKeyEvent } from '@hireloop/contracts';
import { assertNever, type Decider } from '../shared/decider';

/** Stream `api-key-<keyId>` (ADR 042). */
export type ApiKeyState = { status: 'none' } | { status: 'active' | 'revoked'; keyId: string; userId: string };

export type ApiKeyCommand =
  | { type: 'CreateApiKey'; data: { keyId: string; userId: string; at: string; expiresAt: string | null } }
  /** Only the key's owner revokes it; revoking a revoked key records nothing. */
  | { type: 'RevokeApiKey'; data: { userId: string; at: string } };

export const apiKeyDecider: Decider<ApiKeyCommand, ApiKeyEvent, ApiKeyState> = {
  schemas: ApiKeyEventSchemas,
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'ApiKeyCreated':
        return { status: 'active', keyId: event.data.keyId, userId: event.data.userId };
      case 'ApiKeyRevoked':
        return state.status === 'none' ? state : { ...state, status: 'revoked' };
      default:
        return assertNever(event);
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'CreateApiKey':
        if (state.status !== 'none') throw new DomainError('conflict', 'This API key already exists.');
        return [{ type: 'ApiKeyCreated', data: { keyId: command.data.keyId, userId: command.data.userId, createdAt: command.data.at, expiresAt: command.data.expiresAt } }];
      case 'RevokeApiKey':
        // Someone else's key is as unknown as no key at all (its existence is not told).
        if (state.status === 'none' || state.userId !== command.data.userId) throw new DomainError('not_found', API_KEY_MESSAGES.notFound);
        if (state.status === 'revoked') return [];
        return [{ type: 'ApiKeyRevoked', data: { keyId: state.keyId, userId: state.userId, revokedAt: command.data.at } }];
      default:
        return assertNever(command);
    }
  },
};
