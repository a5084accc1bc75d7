import type { CandidateContacted, CandidateReplied } from '../contacts/events';
import type { EmailReservationReleased, EmailReserved, IdentityLinked, UserRegistered } from '../auth/events';
import type { InterviewAvailabilitySubmitted, InvitationSent } from '../invitations/events';
import type { JobSearchSaved } from '../saved-searches/events';
import type { CandidateProfileCreated, CandidateProfileUpdated, CandidateSummaryGenerated } from '../profiles/events';

/**
 * Personal data that can be forgotten (ADR 019). An event's personal fields are never stored
 * in the clear: the event store seals them with a key of their own per person (crypto-shredding)
 * and erasing the person deletes the key, so every copy of the log, every replay and every
 * backup of the log reads the placeholders below instead.
 *
 * Every event type with a personal field has a rule here; a test checks that event schemas with
 * fields that look personal (name, email, phone, …) are either listed or explicitly allowed.
 */
export interface PersonalDataRule<Data> {
  /** The field that holds whose data it is: the person's user id, which names their key. */
  readonly subject: keyof Data & string;
  /** The personal fields, each with what it reads as once the person is erased. */
  readonly erased: { readonly [Field in keyof Data]?: Data[Field] };
}

/** What a personal text reads as once its person is erased. */
export const ERASED = '[erased]';

/** The schema version of events whose personal fields are sealed (version 1 stored them in the clear). */
export const SEALED_SCHEMA_VERSION = 2;

const PROFILE_ERASED = {
  firstName: ERASED,
  lastName: ERASED,
  location: ERASED,
  summary: ERASED,
  phone: ERASED,
  email: ERASED,
  linkedinUrl: ERASED,
  githubUrl: ERASED,
  portfolioUrl: ERASED,
  education: ERASED,
  salaryExpectation: ERASED,
  profilePicture: null,
  coverPhoto: null,
} as const;

const rule = <Data>(subject: keyof Data & string, erased: PersonalDataRule<Data>['erased']): PersonalDataRule<Data> => ({ subject, erased });

export const PERSONAL_DATA_RULES = {
  UserRegistered: rule<UserRegistered>('userId', { name: ERASED, email: ERASED, phone: ERASED, location: ERASED, currentRole: null }),
  EmailReserved: rule<EmailReserved>('userId', { email: ERASED }),
  EmailReservationReleased: rule<EmailReservationReleased>('userId', { email: ERASED }),
  IdentityLinked: rule<IdentityLinked>('userId', { subject: ERASED }),
  // A profile's identifying and contact fields; title, skills, experience and preferences are
  // what the anonymous feed shows anyway and stay readable for analytics after an erasure.
  CandidateProfileCreated: rule<CandidateProfileCreated>('userId', PROFILE_ERASED),
  CandidateProfileUpdated: rule<CandidateProfileUpdated>('userId', PROFILE_ERASED),
  CandidateSummaryGenerated: rule<CandidateSummaryGenerated>('userId', { summaryText: ERASED, strengths: [], fitRoles: [] }),
  // A company's personal message to a candidate, and the candidate's notes and time zone, are the
  // candidate's to have forgotten (ADR 031); the days and slots they offered say nothing about who they are.
  InvitationSent: rule<InvitationSent>('candidateUserId', { message: ERASED }),
  InterviewAvailabilitySubmitted: rule<InterviewAvailabilitySubmitted>('candidateUserId', { additionalNotes: ERASED, timezone: ERASED }),
  // A company's message to a candidate is the candidate's to have forgotten, like an invitation's
  // (ADR 032): it lives in their inbox and mailbox. The sender is named by user id only.
  CandidateContacted: rule<CandidateContacted>('candidateUserId', { message: ERASED }),
  // The candidate's reply in that thread is theirs too (ADR 069): erasing them shreds the whole conversation.
  CandidateReplied: rule<CandidateReplied>('candidateUserId', { message: ERASED }),
  // What a candidate searches for says what they look for (ADR 067); the job type does not.
  JobSearchSaved: rule<JobSearchSaved>('userId', { keywords: ERASED, location: ERASED }),
} as const;

/** The rules as the event store applies them, by event type. */
export type PersonalDataRules = Readonly<Record<string, { readonly subject: string; readonly erased: Readonly<Record<string, unknown>> }>>;
export const personalDataRules: PersonalDataRules = PERSONAL_DATA_RULES as unknown as PersonalDataRules;
