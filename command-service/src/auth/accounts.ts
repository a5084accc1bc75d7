import type { FastifyRequest } from 'fastify';
import {
  DomainError,
  MESSAGES,
  companyStreamId,
  emailStreamId,
  userFromRegistration,
  userStreamId,
  type CompanyEvent,
  type EmailEvent,
  type User,
  type UserEvent,
  type UserRegistered,
} from '@hireloop/contracts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '@hireloop/platform/accounts/password';
import { emailHash, hashToken } from '@hireloop/platform/accounts/tokens';
import { maxPosition } from '@hireloop/platform/event-store/index';
import { companyDecider } from '../companies/decider';
import { handleCommand, type CommandContext } from '../shared/command-handler';
import { fold } from '../shared/decider';
import type { CommandServiceDeps } from '../shared/deps';
import { emailReservationDecider } from './email-reservation';
import { recordSignInFailure, throttleSignIn } from './throttle';
import { userAccountDecider, type UserAccountState } from './user-account';

export interface SignedIn {
  user: User;
  token: string;
  position: string;
}

export type RegisteredAccount = Extract<UserAccountState, { status: 'registered' }>;

export async function loadUserAccount(deps: CommandServiceDeps, userId: string): Promise<UserAccountState> {
  const { events } = await deps.eventStore.readStream(userStreamId(userId));
  return fold(userAccountDecider, events.map((e) => ({ type: e.type, data: e.data }) as UserEvent));
}

/** The signed-in user's account, read from its stream (consistent); a dead session is a 401. */
export async function requireAccount(deps: CommandServiceDeps, request: FastifyRequest): Promise<RegisteredAccount> {
  const session = await request.requireSession();
  const account = await loadUserAccount(deps, session.userId);
  if (account.status !== 'registered') throw new DomainError('unauthenticated', MESSAGES.sessionExpired);
  return account;
}

export async function loadCompanyName(deps: CommandServiceDeps, companyId: string | null): Promise<string | null> {
  if (!companyId) return null;
  const { events } = await deps.eventStore.readStream(companyStreamId(companyId));
  const state = fold(companyDecider, events.map((e) => ({ type: e.type, data: e.data }) as CompanyEvent));
  return state.status === 'registered' ? state.name : null;
}

/** The account id an email belongs to, read from its reservation stream (consistent, no lag). */
export async function accountIdForEmail(deps: CommandServiceDeps, email: string): Promise<string | null> {
  const { events } = await deps.eventStore.readStream(emailStreamId(emailHash(email)));
  return fold(emailReservationDecider, events.map((e) => ({ type: e.type, data: e.data }) as EmailEvent)).reservedBy;
}

export async function reserveEmail(deps: CommandServiceDeps, email: string, userId: string, context: CommandContext) {
  try {
    return await handleCommand(
      deps.eventStore,
      emailStreamId(emailHash(email)),
      emailReservationDecider,
      async (state) => ({
        type: 'ReserveEmail' as const,
        data: {
          email,
          userId,
          now: deps.clock.now().toISOString(),
          currentOwnerExists: state.reservedBy ? (await loadUserAccount(deps, state.reservedBy)).status === 'registered' : false,
        },
      }),
      context,
    );
  } catch (error) {
    // Two sign-ups raced for one email: the loser sees the same answer as a late duplicate.
    if (error instanceof DomainError && error.code === 'version_conflict') throw new DomainError('conflict', MESSAGES.accountExists);
    throw error;
  }
}

export async function startSession(deps: CommandServiceDeps, userId: string): Promise<string> {
  const token = deps.ids.newToken(32);
  const now = deps.clock.now();
  await deps.secrets.createSession({
    tokenHash: hashToken(token),
    userId,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + deps.sessionTtlMs).toISOString(),
  });
  return token;
}

export type Registration = Omit<UserRegistered, 'userId' | 'companyId' | 'registeredAt'> & {
  /** Null for accounts that sign in through a provider only. */
  password: string | null;
  company?: { name: string; website: string; location: string; industry: string };
};

/**
 * Creates an account: reserve the email (the store rejects a second reservation), keep the
 * password hash out of the log, record the company and the account.
 */
export async function createAccount(deps: CommandServiceDeps, registration: Registration, correlationId: string) {
  const userId = deps.ids.newId();
  const companyId = registration.company ? deps.ids.newId() : null;
  const context: CommandContext = { actor: { userId, role: registration.role }, correlationId, clock: deps.clock, ids: deps.ids };
  const passwordHash = registration.password === null ? null : await hashPassword(registration.password);

  let position = (await reserveEmail(deps, registration.email, userId, context)).position;
  if (passwordHash) await deps.secrets.setPasswordHash(userId, passwordHash, deps.clock.now());

  if (registration.company && companyId) {
    const { name, website, location, industry } = registration.company;
    const result = await handleCommand(
      deps.eventStore,
      companyStreamId(companyId),
      companyDecider,
      { type: 'RegisterCompany', data: { companyId, name, website, location, industry, ownerUserId: userId } },
      context,
    );
    position = maxPosition(position, result.position);
  }

  const { password: _password, company: _company, ...profile } = registration;
  const data: UserRegistered = { ...profile, userId, companyId, registeredAt: deps.clock.now().toISOString() };
  const registered = await handleCommand(deps.eventStore, userStreamId(userId), userAccountDecider, { type: 'RegisterUser', data }, context);
  position = maxPosition(position, registered.position);
  return { userId, context, position, user: userFromRegistration(data, registration.company?.name ?? null) };
}

/** Sign-up with a password: the new account is signed in at once. */
export async function register(deps: CommandServiceDeps, registration: Registration & { password: string }, correlationId: string): Promise<SignedIn> {
  const created = await createAccount(deps, registration, correlationId);
  const signedIn = await handleCommand(
    deps.eventStore,
    userStreamId(created.userId),
    userAccountDecider,
    { type: 'RecordSignIn', data: { userId: created.userId, method: 'signup' } },
    created.context,
  );
  const token = await startSession(deps, created.userId);
  return { user: created.user, token, position: maxPosition(created.position, signedIn.position) };
}

export async function signIn(deps: CommandServiceDeps, email: string, password: string, address: string, correlationId: string): Promise<SignedIn> {
  await throttleSignIn(deps, email, address);
  const userId = await accountIdForEmail(deps, email);
  const account = userId ? await loadUserAccount(deps, userId) : null;
  const passwordHash = account?.status === 'registered' ? await deps.secrets.getPasswordHash(account.userId) : null;
  // Unknown emails still pay for one argon2 verification, so timing does not reveal accounts.
  const valid = await verifyPassword(passwordHash ?? (await dummyPasswordHash()), password);
  if (!valid || !passwordHash || account?.status !== 'registered') {
    await recordSignInFailure(deps, email);
    if (account?.status === 'registered') {
      const actor = { userId: account.userId, role: account.role };
      await handleCommand(deps.eventStore, userStreamId(account.userId), userAccountDecider, { type: 'RecordFailedSignIn', data: { userId: account.userId } }, { actor, correlationId, clock: deps.clock, ids: deps.ids });
    }
    throw new DomainError('unauthenticated', MESSAGES.invalidLogin);
  }

  const context: CommandContext = { actor: { userId: account.userId, role: account.role }, correlationId, clock: deps.clock, ids: deps.ids };
  const { position } = await handleCommand(
    deps.eventStore,
    userStreamId(account.userId),
    userAccountDecider,
    { type: 'RecordSignIn', data: { userId: account.userId, method: 'password' } },
    context,
  );
  const token = await startSession(deps, account.userId);
  return { user: userFromRegistration(account.registration, await loadCompanyName(deps, account.companyId)), token, position };
}

export async function signOut(deps: CommandServiceDeps, session: { userId: string; tokenHash: string }, correlationId: string) {
  await deps.secrets.revokeSession(session.tokenHash, deps.clock.now());
  const account = await loadUserAccount(deps, session.userId);
  if (account.status !== 'registered') return { position: '' };
  const context: CommandContext = { actor: { userId: account.userId, role: account.role }, correlationId, clock: deps.clock, ids: deps.ids };
  return handleCommand(deps.eventStore, userStreamId(account.userId), userAccountDecider, { type: 'RecordSignOut', data: { userId: account.userId } }, context);
}
