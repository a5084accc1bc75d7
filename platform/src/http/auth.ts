import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError, MESSAGES } from '@hireloop/contracts';
import { hashToken } from '../accounts/tokens';
import type { AccountSecrets } from '../accounts/types';
import type { Clock } from '../runtime';

export interface SessionPrincipal {
  userId: string;
  tokenHash: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The session behind the bearer token, or null (no token, unknown, expired or revoked). */
    session(): Promise<SessionPrincipal | null>;
    /** Like session(), but a missing or dead session is a 401. */
    requireSession(): Promise<SessionPrincipal>;
  }
}

export const bearerToken = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1]! : null;
};

const cache = new WeakMap<FastifyRequest, Promise<SessionPrincipal | null>>();

/** Resolves bearer tokens to sessions, once per request. */
export const authPlugin = fp(
  async (app: FastifyInstance, options: { secrets: AccountSecrets; clock: Clock }) => {
    const resolve = async (request: FastifyRequest): Promise<SessionPrincipal | null> => {
      const token = bearerToken(request);
      if (!token) return null;
      const tokenHash = hashToken(token);
      const session = await options.secrets.findActiveSession(tokenHash, options.clock.now());
      return session ? { userId: session.userId, tokenHash } : null;
    };

    app.decorateRequest('session', function (this: FastifyRequest) {
      let pending = cache.get(this);
      if (!pending) {
        pending = resolve(this);
        cache.set(this, pending);
      }
      return pending;
    });
    app.decorateRequest('requireSession', async function (this: FastifyRequest) {
      const hasToken = bearerToken(this) !== null;
      const session = await this.session();
      if (!session) throw new DomainError('unauthenticated', hasToken ? MESSAGES.sessionExpired : MESSAGES.signInRequired);
      return session;
    });
  },
  { name: 'hireloop-auth' },
);

/**
 * Route option `onRequest: signedInOnly`: a visitor gets the 401 before the body is validated,
 * so "please sign in" comes before "fill in the title".
 */
export const signedInOnly = async (request: FastifyRequest): Promise<void> => {
  await request.requireSession();
};
