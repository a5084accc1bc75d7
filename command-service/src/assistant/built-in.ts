import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { JobListQuery } from '@hireloop/contracts';
import { hashToken } from '@hireloop/platform/accounts/tokens';
import { AssistantUnavailableError, BUILT_IN_ASSISTANT_KEY, type AssistantPort } from '@hireloop/platform/assistant';
import { loadUserAccount, requireAccount } from '../auth/accounts';
import { submitApplication } from '../applications/submit';
import { commandContext } from '../shared/request-context';
import type { CommandServiceDeps } from '../shared/deps';

/** How many board jobs one assistant search answers. */
export const ASSISTANT_SEARCH_LIMIT = 20;

/** Compares two secrets by their SHA-256 digests, in constant time (the lengths never leak either). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * The built-in provider (ADR 043): Hireloop is its own assistant, offline. The credentials are a
 * Hireloop account's: `user_token` is a session token of that account (what signing in answers)
 * and `api_key` the deployment's assistant key (`ASSISTANT_API_KEY`, else the public built-in
 * key). Neither is stored: the token is looked up by its hash like any bearer token. Job search
 * is the board's own search; applying is the board's own application flow (`submitApplication`), as the signed-in user.
 */
export function builtInAssistant(deps: CommandServiceDeps): AssistantPort {
  return {
    kind: 'built-in',
    async authenticate({ userToken, apiKey }) {
      if (!sameSecret(apiKey, deps.assistant?.apiKey ?? BUILT_IN_ASSISTANT_KEY)) return null;
      const session = await deps.secrets.findActiveSession(hashToken(userToken), deps.clock.now());
      if (!session) return null;
      const account = await loadUserAccount(deps, session.userId);
      if (account.status !== 'registered') return null;
      return { id: account.userId, email: account.email, name: account.name, type: account.type };
    },
    async searchJobs({ query, preferences }) {
      if (!deps.searchBoard) throw new AssistantUnavailableError('This process has no job board to search');
      const location = preferences.location ?? (preferences.remote ? 'remote' : '');
      const search = JobListQuery.parse({ search: query, location, type: preferences.type ?? '', status: 'open', page: 1, pageSize: ASSISTANT_SEARCH_LIMIT });
      return deps.searchBoard(search);
    },
    async applyToJob({ job_id }, { request }) {
      const account = await requireAccount(deps, request);
      return submitApplication(deps, account, job_id, commandContext(deps, request, { userId: account.userId, role: account.role }));
    },
    // Hireloop's own sign-up needs no invitation: the code only marks where the visitor came from.
    async generateInvite() {
      return randomBytes(12).toString('base64url');
    },
    // The embedded page is Hireloop's own: it may only confirm the account that is signed in here.
    async autoAuth({ mysalt_user_id, email }, { request }) {
      const session = await request.session();
      if (!session || session.userId !== mysalt_user_id) return false;
      const account = await loadUserAccount(deps, session.userId);
      return account.status === 'registered' && account.email.toLowerCase() === email.toLowerCase();
    },
  };
}
