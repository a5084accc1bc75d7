import { z } from 'zod';
import { Role, UserType } from './api';
import type { EventSchemas } from '../common/events';
import { CompanyProfileUpdated } from '../companies/profile';

/**
 * Stream `email-<sha256(normalised email)>`: appended with expected version "no stream",
 * so the event store itself guarantees one account per email.
 */
export const EmailReserved = z.object({
  email: z.string(),
  userId: z.string(),
  reservedAt: z.string(),
});

/** Stream `email-…`: a reservation whose account was never created is taken over by a new sign-up. */
export const EmailReservationReleased = z.object({
  email: z.string(),
  userId: z.string(),
  reason: z.string(),
});

/** Stream `user-<userId>`. Secrets (password hashes, tokens) never enter an event. */
export const UserRegistered = z.object({
  userId: z.string(),
  type: UserType,
  role: Role,
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  location: z.string(),
  /** Candidates only. */
  currentRole: z.string().nullable(),
  skills: z.array(z.string()),
  /** Company users only. */
  companyId: z.string().nullable(),
  registeredAt: z.string(),
});

/** Stream `company-<companyId>`. */
export const CompanyRegistered = z.object({
  companyId: z.string(),
  name: z.string(),
  website: z.string(),
  location: z.string(),
  industry: z.string(),
  /** Null for a company an admin added (ADR 038): it has no users yet. */
  ownerUserId: z.string().nullable(),
  /** Given only when an admin adds the company (ADR 038); sign-up has none ('' then). */
  description: z.string().optional(),
});

/** Stream `user-<userId>`. */
export const UserSignedIn = z.object({ userId: z.string(), method: z.enum(['password', 'signup', 'linkedin']) });
export const UserSignedOut = z.object({ userId: z.string() });
/** A wrong password for an existing account (the attempt, never the password). */
export const SignInFailed = z.object({ userId: z.string(), reason: z.enum(['wrong_password']) });
/** A reset link was sent; the token itself lives hashed outside the log. */
export const PasswordResetRequested = z.object({ userId: z.string(), expiresAt: z.string() });
export const PasswordChanged = z.object({ userId: z.string(), method: z.enum(['reset']) });
export const UserRoleChanged = z.object({ userId: z.string(), from: Role, to: Role });
/**
 * The person was forgotten (ADR 019): their key is deleted, so their personal fields read as
 * erased everywhere; the account can no longer be used. Carries no personal data itself.
 */
export const PersonErased = z.object({ userId: z.string(), erasedAt: z.string() });
/**
 * Stream `user-<personId>`: a candidate an admin added (ADR 038) made their account from an
 * invitation mailed to the profile's address (`UserRegistered` under their person id, in the same
 * append). Using the mailed link is the proof that they read that mailbox: the admin table shows
 * them verified. Ids only: no token (its hash neither), no personal field.
 */
export const AddedProfileClaimed = z.object({ userId: z.string(), profileId: z.string(), invitationId: z.string(), claimedAt: z.string() });

/** Stream `identity-<provider>-<sha256(subject)>`: one account per external identity. */
export const IdentityLinked = z.object({ provider: z.string(), subject: z.string(), userId: z.string() });
/** The account of a linked identity was erased: the identity may sign up anew. */
export const IdentityUnlinked = z.object({ provider: z.string(), userId: z.string(), reason: z.enum(['person_erased']) });

export type EmailReserved = z.infer<typeof EmailReserved>;
export type EmailReservationReleased = z.infer<typeof EmailReservationReleased>;
export type UserRegistered = z.infer<typeof UserRegistered>;
export type CompanyRegistered = z.infer<typeof CompanyRegistered>;
export type UserSignedIn = z.infer<typeof UserSignedIn>;
export type UserSignedOut = z.infer<typeof UserSignedOut>;
export type SignInFailed = z.infer<typeof SignInFailed>;
export type PasswordResetRequested = z.infer<typeof PasswordResetRequested>;
export type PasswordChanged = z.infer<typeof PasswordChanged>;
export type UserRoleChanged = z.infer<typeof UserRoleChanged>;
export type IdentityLinked = z.infer<typeof IdentityLinked>;
export type IdentityUnlinked = z.infer<typeof IdentityUnlinked>;
export type PersonErased = z.infer<typeof PersonErased>;
export type AddedProfileClaimed = z.infer<typeof AddedProfileClaimed>;

export type EmailEvent =
  | { type: 'EmailReserved'; data: EmailReserved }
  | { type: 'EmailReservationReleased'; data: EmailReservationReleased };

export type UserEvent =
  | { type: 'UserRegistered'; data: UserRegistered }
  | { type: 'UserSignedIn'; data: UserSignedIn }
  | { type: 'UserSignedOut'; data: UserSignedOut }
  | { type: 'SignInFailed'; data: SignInFailed }
  | { type: 'PasswordResetRequested'; data: PasswordResetRequested }
  | { type: 'PasswordChanged'; data: PasswordChanged }
  | { type: 'UserRoleChanged'; data: UserRoleChanged }
  | { type: 'PersonErased'; data: PersonErased }
  | { type: 'AddedProfileClaimed'; data: AddedProfileClaimed };

export type IdentityEvent = { type: 'IdentityLinked'; data: IdentityLinked } | { type: 'IdentityUnlinked'; data: IdentityUnlinked };

export type CompanyEvent = { type: 'CompanyRegistered'; data: CompanyRegistered } | { type: 'CompanyProfileUpdated'; data: CompanyProfileUpdated };

export const emailStreamId = (emailHash: string) => `email-${emailHash}`;
export const userStreamId = (userId: string) => `user-${userId}`;
export const companyStreamId = (companyId: string) => `company-${companyId}`;
export const identityStreamId = (provider: string, subjectHash: string) => `identity-${provider}-${subjectHash}`;

export const UserEventSchemas = {
  UserRegistered,
  UserSignedIn,
  UserSignedOut,
  SignInFailed,
  PasswordResetRequested,
  PasswordChanged,
  UserRoleChanged,
  PersonErased,
  AddedProfileClaimed,
} satisfies EventSchemas<UserEvent>;
export const EmailEventSchemas = { EmailReserved, EmailReservationReleased } satisfies EventSchemas<EmailEvent>;
export const CompanyEventSchemas = { CompanyRegistered, CompanyProfileUpdated } satisfies EventSchemas<CompanyEvent>;
export const IdentityEventSchemas = { IdentityLinked, IdentityUnlinked } satisfies EventSchemas<IdentityEvent>;
