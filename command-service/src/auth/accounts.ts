import type { FastifyRequest } from 'fastify';
import {
  DomainError,
  MESSAGES,
  companyStreamId,
  emailStreamId,
  isAdminRole,
  userFromRegistration,
  userStreamId,
  type User,
  type UserRegistered,
} from '@hireloop/contracts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '@hireloop/platform/accounts/password';
import { emailHash, hashToken } from '@hireloop/platform/accounts/tokens';
import { maxPosition } from '@hireloop/platform/event-store';
import { companyDecider } from '../companies/decider';
import { appendDecisions, decideOn, toNewEvents, type CommandContext } from '../shared/command-handler';
import { fold } from '../shared/decider';
import { loadState } from '../shared/stream';
import type { CommandServiceDeps } from '../shared/deps';
import { emailReservationDecider } from './email-reservation';
import { admitSignIn, signInSucceeded, throttleSignUp } from './throttle';
import { userAccountDecider, type UserAccountCommand, type UserAccountState } from './user-account';

export interface SignedIn {
  user: User;
  token: string;
  position: string;
}

export type RegisteredAccount = Extract<UserAccountState, { status: 'registered' }>;

export async function loadUserAccount(deps: CommandServiceDeps, userId: string): Promise<UserAccountState> {
  return (await loadState(deps.eventStore, userStreamId(userId), userAccountDecider)).state;
}

/** The signed-in user's account, read from its stream (consistent); a dead session is a 401. */
export async function requireAccount(deps: CommandServiceDeps, request: FastifyRequest): Promise<RegisteredAccount> {
  const session = await request.requireSession();
  const account = await loadUserAccount(deps, session.userId);
  if (account.status !== 'registered') throw new DomainError('unauthenticated', MESSAGES.sessionExpired);
  return account;
}

/** What a signed-in account is, without who: its kind, role and company. */
export type AccountRole = Pick<RegisteredAccount, 'userId' | 'type' | 'role' | 'companyId'>;

/**
 * `requireAccount` for a route that uses no personal field of the account (a job post): the same
 * stream and the same answers, with its personal data left unopened (ADR 114), so neither its key
 * is looked up nor its sealed fields decrypted.
 */
export async function requireAccountRole(deps: CommandServiceDeps, request: FastifyRequest): Promise<AccountRole> {
  const session = await request.requireSession();
  const closed = { readStream: (streamId: string) => deps.eventStore.readStream(streamId, { personalData: 'closed' }) };
  const account = (await loadState(closed, userStreamId(session.userId), userAccountDecider)).state;
  if (account.status !== 'registered') throw new DomainError('unauthenticated', MESSAGES.sessionExpired);
  const { userId, type, role, companyId } = account;
  return { userId, type, role, companyId };
}

/**
 * Company names, per event store: a company's name changes only when its profile is saved
 * (ADR 028), so a job post reads the company stream once per process, not on every post, and
 * the profile route puts the new name here. Another process keeps the old name for its jobs until
 * it restarts (a job records the name it was posted under). Bounded: the oldest names go first.
 */
const companyNames = new WeakMap<CommandServiceDeps['eventStore'], Map<string, string>>();
const COMPANY_NAMES_KEPT = 10_000;

export async function loadCompanyName(deps: CommandServiceDeps, companyId: string | null): Promise<string | null> {
  if (!companyId) return null;
  let names = companyNames.get(deps.eventStore);
  if (!names) companyNames.set(deps.eventStore, (names = new Map()));
  const known = names.get(companyId);
  if (known !== undefined) return known;
  const { state } = await loadState(deps.eventStore, companyStreamId(companyId), companyDecider);
  if (state.status !== 'registered') return null;
  if (names.size >= COMPANY_NAMES_KEPT) names.delete(names.keys().next().value!);
  names.set(companyId, state.name);
  return state.name;
}

/** The name a company's profile was just saved with, for this process's later job posts. */
export function rememberCompanyName(deps: CommandServiceDeps, companyId: string, name: string): void {
  companyNames.get(deps.eventStore)?.set(companyId, name);
}

/** The account id an email belongs to, read from its reservation stream (consistent, no lag). */
export async function accountIdForEmail(deps: CommandServiceDeps, email: string): Promise<string | null> {
  return (await loadState(deps.eventStore, emailStreamId(emailHash(email)), emailReservationDecider)).state.reservedBy;
}

/** Decides the reservation of `email` for `userId` (appended by the caller with the account). */
export const decideReservation = (deps: CommandServiceDeps, email: string, userId: string) =>
  decideOn(deps.eventStore, emailStreamId(emailHash(email)), emailReservationDecider, async (state) => ({
    type: 'ReserveEmail' as const,
    data: {
      email,
      userId,
      now: deps.clock.now().toISOString(),
      currentOwnerExists: state.reservedBy ? (await loadUserAccount(deps, state.reservedBy)).status === 'registered' : false,
    },
  }));

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
 * Creates an account, all or nothing: the email reservation, the company and the user are
 * appended in one transaction, so a sign-up that fails anywhere leaves no trace and a clean
 * retry succeeds (a reservation without its account used to block the email for a minute).
 * The password hash is kept out of the log; it is stored first, under the new user id, and
 * removed again if the append fails.
 */
export async function createAccount(deps: CommandServiceDeps, registration: Registration, correlationId: string) {
  const userId = deps.ids.newId();
  const companyId = registration.company ? deps.ids.newId() : null;
  const context: CommandContext = { actor: { userId, role: registration.role }, correlationId, clock: deps.clock, ids: deps.ids };
  const passwordHash = registration.password === null ? null : await hashPassword(registration.password);

  const { password: _password, company: _company, ...profile } = registration;
  const data: UserRegistered = { ...profile, userId, companyId, registeredAt: deps.clock.now().toISOString() };
  const decisions = [
    await decideReservation(deps, registration.email, userId),
    ...(registration.company && companyId
      ? [
          await decideOn(deps.eventStore, companyStreamId(companyId), companyDecider, {
            type: 'RegisterCompany',
            data: { companyId, ...registration.company, ownerUserId: userId },
          }),
        ]
      : []),
    await decideOn(deps.eventStore, userStreamId(userId), userAccountDecider, { type: 'RegisterUser', data }),
  ];

  if (passwordHash) await deps.secrets.setPasswordHash(userId, passwordHash, deps.clock.now());
  let position: string;
  try {
    position = await appendDecisions(deps.eventStore, decisions, context);
  } catch (error) {
    if (passwordHash) await deps.secrets.deletePasswordHash(userId).catch(() => undefined);
    // Two sign-ups raced for one email: the loser sees the same answer as a late duplicate.
    if (error instanceof DomainError && error.code === 'version_conflict') throw new DomainError('conflict', MESSAGES.accountExists);
    throw error;
  }
  return { userId, context, position, registered: data, user: userFromRegistration(data, registration.company?.name ?? null) };
}

/**
 * Sign-in bookkeeping events (signed in, wrong password, signed out) only record what happened:
 * decided on the account the caller has just loaded (no second read of the stream) and appended
 * without a version check, so simultaneous sign-ins never contend on the stream.
 */
export async function record(deps: CommandServiceDeps, account: RegisteredAccount, command: UserAccountCommand, context: CommandContext) {
  const events = userAccountDecider.decide(command, account);
  return deps.eventStore.append(userStreamId(account.userId), toNewEvents(events, context), { expectedVersion: 'any' });
}

/** Sign-up with a password: the new account is signed in at once. */
export async function register(deps: CommandServiceDeps, registration: Registration & { password: string }, address: string, correlationId: string): Promise<SignedIn> {
  await throttleSignUp(deps, address);
  const created = await createAccount(deps, registration, correlationId);
  const account = fold(userAccountDecider, [{ type: 'UserRegistered', data: created.registered }]) as RegisteredAccount;
  const signedIn = await record(deps, account, { type: 'RecordSignIn', data: { userId: created.userId, method: 'signup' } }, created.context);
  const token = await startSession(deps, created.userId);
  return { user: created.user, token, position: maxPosition(created.position, signedIn.position) };
}

/** The account as the client sees it, with its current role (not the one it registered with). */
export const currentUser = async (deps: CommandServiceDeps, account: RegisteredAccount): Promise<User> => ({
  ...userFromRegistration(account.registration, await loadCompanyName(deps, account.companyId)),
  role: account.role,
  isAdmin: isAdminRole(account.role),
});

export async function signIn(deps: CommandServiceDeps, email: string, password: string, address: string, correlationId: string): Promise<SignedIn> {
  await admitSignIn(deps, email, address);
  const userId = await accountIdForEmail(deps, email);
  const account = userId ? await loadUserAccount(deps, userId) : null;
  const passwordHash = account?.status === 'registered' ? await deps.secrets.getPasswordHash(account.userId) : null;
  // Unknown emails still pay for one argon2 verification, so timing does not reveal accounts.
  const valid = await verifyPassword(passwordHash ?? (await dummyPasswordHash()), password);
  if (!valid || !passwordHash || account?.status !== 'registered') {
    if (account?.status === 'registered') {
      const actor = { userId: account.userId, role: account.role };
      await record(deps, account, { type: 'RecordFailedSignIn', data: { userId: account.userId } }, { actor, correlationId, clock: deps.clock, ids: deps.ids });
    }
    throw new DomainError('unauthenticated', MESSAGES.invalidLogin);
  }

  await signInSucceeded(deps, email);
  const context: CommandContext = { actor: { userId: account.userId, role: account.role }, correlationId, clock: deps.clock, ids: deps.ids };
  const { position } = await record(deps, account, { type: 'RecordSignIn', data: { userId: account.userId, method: 'password' } }, context);
  const token = await startSession(deps, account.userId);
  return { user: await currentUser(deps, account), token, position };
}

export async function signOut(deps: CommandServiceDeps, session: { userId: string; tokenHash: string }, correlationId: string) {
  await deps.secrets.revokeSession(session.tokenHash, deps.clock.now());
  const account = await loadUserAccount(deps, session.userId);
  if (account.status !== 'registered') return { position: '' };
  const context: CommandContext = { actor: { userId: account.userId, role: account.role }, correlationId, clock: deps.clock, ids: deps.ids };
  return record(deps, account, { type: 'RecordSignOut', data: { userId: account.userId } }, context);
}
