import { AUTH_MESSAGES, DomainError, RESET_TOKEN_TTL_MINUTES, userStreamId } from '@hireloop/contracts';
import { hashPassword } from '@hireloop/platform/accounts/password';
import { hashToken } from '@hireloop/platform/accounts/tokens';
import { mailToSend } from '@hireloop/platform/mailer/hand-over';
import { handleCommand, type CommandContext } from '../shared/command-handler';
import type { CommandServiceDeps } from '../shared/deps';
import { accountIdForEmail, loadUserAccount } from './accounts';
import { throttleResetRequest, unlockSignIn } from './throttle';
import { userAccountDecider } from './user-account';

const resetMail = (name: string, link: string) => ({
  subject: 'Reset your Hireloop password',
  text: [
    `Hi ${name},`,
    '',
    'Someone (hopefully you) asked to reset the password of your Hireloop account.',
    `Open this link within ${RESET_TOKEN_TTL_MINUTES} minutes to choose a new one:`,
    '',
    link,
    '',
    'The link works once. If you did not ask for this, ignore this email: your password stays as it is.',
  ].join('\n'),
});

export const RESET_REQUEST_SUBJECT = 'auth.password-reset.requested';

interface ResetRequest {
  email: string;
  correlationId: string;
}

/**
 * Takes a reset request and answers the same way whether or not the email has an account.
 * The request only counts the attempt and queues the work: looking the email up, issuing the
 * token and mailing happen off the request (`startPasswordResetWorker`), so its timing does not
 * depend on the account existing either (it measured 28 ms against 18 ms when it did the work).
 */
export async function requestPasswordReset(deps: CommandServiceDeps, email: string, address: string, correlationId: string) {
  await throttleResetRequest(deps, email, address);
  await deps.bus.enqueue<ResetRequest>(RESET_REQUEST_SUBJECT, { email, correlationId }, { messageId: deps.ids.newId() });
}

/**
 * Sends a reset link when the email has an account; nothing otherwise.
 * The token (256 random bits) goes only into the mail; the store keeps its hash.
 */
export async function sendResetLink(deps: CommandServiceDeps, { email, correlationId }: ResetRequest) {
  const userId = await accountIdForEmail(deps, email);
  const account = userId ? await loadUserAccount(deps, userId) : null;
  if (account?.status !== 'registered') return;

  const now = deps.clock.now();
  const token = deps.ids.newToken(32);
  const expiresAt = new Date(now.getTime() + RESET_TOKEN_TTL_MINUTES * 60_000).toISOString();
  await deps.secrets.revokeOneTimeSecrets(account.userId, 'password_reset', now);
  await deps.secrets.saveOneTimeSecret({ secretHash: hashToken(token), kind: 'password_reset', userId: account.userId, expiresAt });
  const context: CommandContext = { actor: { userId: account.userId, role: account.role }, correlationId, clock: deps.clock, ids: deps.ids };
  const link = `${deps.publicUrl.replace(/\/$/, '')}/reset-password/${token}`;
  // The link is the secret: only the recipient may see it (the kept outbox keeps the mail without it). It
  // waits, with the mail, in the outbox until delivered, never in the event (ADR 053).
  const mail = mailToSend({ to: account.email, ...resetMail(account.name, link), secrets: [link] }, `password-reset-${hashToken(token)}`);
  await handleCommand(deps.eventStore, userStreamId(account.userId), userAccountDecider, { type: 'RequestPasswordReset', data: { userId: account.userId, expiresAt } }, context, {
    outbox: (events) => (events.length > 0 ? [mail] : []),
  });
}

/** Works off queued reset requests; a failure (database down) is retried by the bus. */
export const startPasswordResetWorker = (deps: CommandServiceDeps) =>
  deps.bus.work<ResetRequest>({ queue: 'password-reset', subject: RESET_REQUEST_SUBJECT, maxAttempts: 5, ackWaitMs: 30_000 }, ({ data }) => sendResetLink(deps, data));

export async function validateResetToken(deps: CommandServiceDeps, token: string) {
  const userId = await deps.secrets.peekOneTimeSecret(hashToken(token), 'password_reset', deps.clock.now());
  if (!userId) throw new DomainError('validation', AUTH_MESSAGES.resetTokenInvalid);
}

/** Uses the token up, sets the new password and signs the account out everywhere. */
export async function resetPassword(deps: CommandServiceDeps, token: string, newPassword: string, correlationId: string) {
  const passwordHash = await hashPassword(newPassword);
  const now = deps.clock.now();
  const userId = await deps.secrets.consumeOneTimeSecret(hashToken(token), 'password_reset', now);
  if (!userId) throw new DomainError('validation', AUTH_MESSAGES.resetTokenInvalid);
  const account = await loadUserAccount(deps, userId);
  if (account.status !== 'registered') throw new DomainError('validation', AUTH_MESSAGES.resetTokenInvalid);
  await deps.secrets.setPasswordHash(userId, passwordHash, now);
  await deps.secrets.revokeAllSessions(userId, now);
  await deps.secrets.revokeOneTimeSecrets(userId, 'password_reset', now);
  // Whoever locked the account out with wrong passwords, its owner is back in.
  await unlockSignIn(deps, account.email);
  const context: CommandContext = { actor: { userId, role: account.role }, correlationId, clock: deps.clock, ids: deps.ids };
  return handleCommand(deps.eventStore, userStreamId(userId), userAccountDecider, { type: 'ChangePassword', data: { userId, method: 'reset' } }, context);
}
