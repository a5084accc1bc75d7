import { createHash } from 'node:crypto';
import { AUTH_CODE_TTL_SECONDS, AUTH_MESSAGES, DomainError, IdentityEventSchemas, identityStreamId, type IdentityEvent } from '@hireloop/contracts';
import { hashToken } from '@hireloop/platform/accounts/tokens';
import type { IdentityProvider } from '@hireloop/platform/identity/oidc';
import { handleCommand, type CommandContext } from '../shared/command-handler';
import { assertNever, type Decider } from '../shared/decider';
import type { CommandServiceDeps } from '../shared/deps';
import { accountIdForEmail, createAccount, loadUserAccount, record, startSession } from './accounts';
import { loadState } from '../shared/stream';

const STATE_TTL_MS = 10 * 60_000;

export type IdentityCommand =
  | { type: 'LinkIdentity'; data: { provider: string; subject: string; userId: string } }
  /** The linked account was erased (ADR 019): the identity may sign up anew. */
  | { type: 'UnlinkErasedAccount'; data: { provider: string; userId: string } };

/** Stream `identity-<provider>-<sha256(subject)>`: an external identity belongs to one account. */
export const identityDecider: Decider<IdentityCommand, IdentityEvent, { userId: string | null }> = {
  schemas: IdentityEventSchemas,
  initialState: () => ({ userId: null }),
  evolve: (_state, event) => {
    switch (event.type) {
      case 'IdentityLinked':
        return { userId: event.data.userId };
      case 'IdentityUnlinked':
        return { userId: null };
      default:
        return assertNever(event);
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'LinkIdentity':
        if (state.userId) throw new DomainError('conflict', 'This identity is already linked to an account.');
        return [{ type: 'IdentityLinked', data: command.data }];
      case 'UnlinkErasedAccount':
        if (state.userId !== command.data.userId) return [];
        return [{ type: 'IdentityUnlinked', data: { ...command.data, reason: 'person_erased' } }];
      default:
        return assertNever(command);
    }
  },
};

const requireProvider = (deps: CommandServiceDeps): IdentityProvider => {
  if (!deps.linkedin) throw new DomainError('not_found', AUTH_MESSAGES.linkedinUnavailable);
  return deps.linkedin;
};

/** Where to send the browser to sign in with LinkedIn; state, nonce and PKCE verifier are kept for the callback. */
export async function startLinkedInSignIn(deps: CommandServiceDeps): Promise<string> {
  const provider = requireProvider(deps);
  const start = await provider.start();
  await deps.secrets.saveOidcState({
    state: start.state,
    codeVerifier: start.codeVerifier,
    nonce: start.nonce,
    expiresAt: new Date(deps.clock.now().getTime() + STATE_TTL_MS).toISOString(),
  });
  return start.url;
}

/**
 * Finishes the provider's redirect: finds the account linked to this identity, or links the
 * account with the same verified email, or creates a candidate account. Answers with a
 * one-time code (never the session token) for the dashboard to exchange.
 */
export async function finishLinkedInSignIn(deps: CommandServiceDeps, callbackUrl: URL, correlationId: string): Promise<string> {
  const provider = requireProvider(deps);
  const state = callbackUrl.searchParams.get('state') ?? '';
  const saved = await deps.secrets.takeOidcState(state, deps.clock.now());
  if (!saved) throw new DomainError('unauthenticated', 'The sign-in attempt expired. Please try again.');
  const identity = await provider.finish(callbackUrl, saved);

  const streamId = identityStreamId(provider.name, createHash('sha256').update(identity.subject).digest('hex'));
  let userId = (await loadState(deps.eventStore, streamId, identityDecider)).state.userId;

  if (!userId) {
    if (!identity.email) throw new DomainError('unauthenticated', 'LinkedIn did not share an email address.');
    const existing = await accountIdForEmail(deps, identity.email);
    if (existing) {
      // Linking to an existing account is only safe when the provider vouches for the email.
      if (!identity.emailVerified) throw new DomainError('unauthenticated', 'LinkedIn did not confirm this email address.');
      userId = existing;
    } else {
      const created = await createAccount(
        deps,
        {
          type: 'candidate',
          role: 'candidate',
          password: null,
          name: identity.name ?? identity.email,
          email: identity.email,
          phone: '',
          location: '',
          currentRole: null,
          skills: [],
        },
        correlationId,
      );
      userId = created.userId;
    }
    const account = await loadUserAccount(deps, userId);
    const actor = account.status === 'registered' ? { userId, role: account.role } : ('system' as const);
    const context: CommandContext = { actor, correlationId, clock: deps.clock, ids: deps.ids };
    await handleCommand(deps.eventStore, streamId, identityDecider, { type: 'LinkIdentity', data: { provider: provider.name, subject: identity.subject, userId } }, context);
  }

  const code = deps.ids.newToken(32);
  await deps.secrets.saveOneTimeSecret({
    secretHash: hashToken(code),
    kind: 'auth_code',
    userId,
    expiresAt: new Date(deps.clock.now().getTime() + AUTH_CODE_TTL_SECONDS * 1000).toISOString(),
  });
  return code;
}

/** A one-time code from a social sign-in becomes a session token, once. */
export async function exchangeCode(deps: CommandServiceDeps, code: string, correlationId: string) {
  const userId = await deps.secrets.consumeOneTimeSecret(hashToken(code), 'auth_code', deps.clock.now());
  const account = userId ? await loadUserAccount(deps, userId) : null;
  if (!userId || account?.status !== 'registered') throw new DomainError('validation', AUTH_MESSAGES.authCodeInvalid);
  const context: CommandContext = { actor: { userId, role: account.role }, correlationId, clock: deps.clock, ids: deps.ids };
  const { position } = await record(deps, account, { type: 'RecordSignIn', data: { userId, method: 'linkedin' } }, context);
  const token = await startSession(deps, userId);
  return { token, position };
}

