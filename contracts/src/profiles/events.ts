import { z } from 'zod';
import type { EventSchemas } from '../common/events';

/**
 * A candidate's profile (spec part 2 §3, "Candidate profile"). One per candidate user.
 *
 * Stream `candidate-<profileId>`. A profile id is random (ADR 077), chosen when the profile is
 * created and recorded in `CandidateProfileCreated` and in the person's `profile-of-<userId>`
 * stream (`CandidateProfileIdAssigned`, appended with it): the owner's routes (by user) find it
 * there without a read model, and that stream's expected version keeps one profile per candidate.
 * Profiles created before ADR 077 keep their ids (a sha256 of the user id shaped as a UUID).
 * Knowing an id grants nothing: every read checks visibility (§4, §6).
 */
export const AVAILABILITIES = ['immediate', 'open'] as const;
export const Availability = z.enum(AVAILABILITIES);
export type Availability = z.infer<typeof Availability>;

export const WORK_PREFERENCES = ['remote', 'hybrid', 'onsite'] as const;
export const WorkPreference = z.enum(WORK_PREFERENCES);
export type WorkPreference = z.infer<typeof WorkPreference>;

/**
 * Where a profile's first version came from. `admin`: an admin added the candidate (ADR 038); the
 * profile's `userId` is then a person id with no account behind it (their key's name, ADR 019).
 */
export const PROFILE_SOURCES = ['wizard', 'resume', 'json-resume', 'seed', 'admin'] as const;
export const ProfileSource = z.enum(PROFILE_SOURCES);

/** Everything a profile says; the personal fields are sealed per person (see PERSONAL_DATA_RULES). */
export const ProfileContent = z.object({
  firstName: z.string(),
  lastName: z.string(),
  title: z.string(),
  skills: z.array(z.string()),
  experience: z.string(),
  location: z.string(),
  summary: z.string(),
  phone: z.string(),
  email: z.string(),
  linkedinUrl: z.string(),
  githubUrl: z.string(),
  portfolioUrl: z.string(),
  education: z.string(),
  salaryExpectation: z.string(),
  /**
   * The picture's path on our origin (`/api/profile-pictures/<uuid>`, ADR 046), or null; events
   * stored before ADR 046 hold data URLs (`data:image/…;base64,…`) until `hireloop move-pictures`.
   */
  profilePicture: z.string().nullable(),
  coverPhoto: z.string().nullable(),
  availability: Availability,
  workPreference: WorkPreference,
  isPublic: z.boolean(),
});
export type ProfileContent = z.infer<typeof ProfileContent>;

export const CandidateProfileCreated = ProfileContent.extend({
  profileId: z.string(),
  userId: z.string(),
  source: ProfileSource,
  createdAt: z.string(),
});
export type CandidateProfileCreated = z.infer<typeof CandidateProfileCreated>;

/** The whole new content (the edit form sends every field). */
export const CandidateProfileUpdated = ProfileContent.extend({
  profileId: z.string(),
  userId: z.string(),
  updatedAt: z.string(),
});
export type CandidateProfileUpdated = z.infer<typeof CandidateProfileUpdated>;

export const CandidateProfileVisibilityChanged = z.object({
  profileId: z.string(),
  userId: z.string(),
  isPublic: z.boolean(),
  changedAt: z.string(),
});
export type CandidateProfileVisibilityChanged = z.infer<typeof CandidateProfileVisibilityChanged>;

export type CandidateProfileEvent =
  | { type: 'CandidateProfileCreated'; data: CandidateProfileCreated }
  | { type: 'CandidateProfileUpdated'; data: CandidateProfileUpdated }
  | { type: 'CandidateProfileVisibilityChanged'; data: CandidateProfileVisibilityChanged };

export const CandidateProfileEventSchemas = {
  CandidateProfileCreated,
  CandidateProfileUpdated,
  CandidateProfileVisibilityChanged,
} satisfies EventSchemas<CandidateProfileEvent>;

/**
 * Stream `profile-of-<userId>` (ADR 077): which profile is the person's (a user id, or the person
 * id of a candidate an admin added). One event, appended with the profile's `CandidateProfileCreated`
 * at the stream's "no stream" version, so a second profile for one person is a version conflict.
 * Ids only: nothing personal.
 */
export const CandidateProfileIdAssigned = z.object({
  userId: z.string(),
  profileId: z.string(),
  assignedAt: z.string(),
});
export type CandidateProfileIdAssigned = z.infer<typeof CandidateProfileIdAssigned>;
export type ProfileOfEvent = { type: 'CandidateProfileIdAssigned'; data: CandidateProfileIdAssigned };
export const ProfileOfEventSchemas = { CandidateProfileIdAssigned } satisfies EventSchemas<ProfileOfEvent>;

/**
 * Stream `candidate-summary-<profileId>`: the AI summary of a profile. Asked for by the
 * reaction to profile events, or by the owner or a company user (regenerate); generated from the
 * profile's non-identifying facts only (title, skills, experience, preferences), never its name,
 * contact details or links. The texts are still sealed with the person's key, so erasing the
 * person erases them too.
 */
export const CandidateSummaryRequested = z.object({
  profileId: z.string(),
  userId: z.string(),
  /** Version of the `candidate-<profileId>` stream the summary is to describe. */
  profileVersion: z.number().int().nonnegative(),
  reason: z.enum(['profile_changed', 'regenerate']),
  /** Who asked: the user id, or null for the reaction. */
  requestedBy: z.string().nullable(),
  requestedAt: z.string(),
});
export type CandidateSummaryRequested = z.infer<typeof CandidateSummaryRequested>;

export const CandidateSummaryGenerated = z.object({
  profileId: z.string(),
  userId: z.string(),
  profileVersion: z.number().int().nonnegative(),
  summaryText: z.string(),
  strengths: z.array(z.string()),
  fitRoles: z.array(z.string()),
  /** The model that wrote it: "local" for the offline adapter, else the OpenAI model name. */
  model: z.string(),
  generatedAt: z.string(),
});
export type CandidateSummaryGenerated = z.infer<typeof CandidateSummaryGenerated>;

/** The AI port failed; the reason is for operators and never holds the profile's text. */
export const CandidateSummaryFailed = z.object({
  profileId: z.string(),
  userId: z.string(),
  profileVersion: z.number().int().nonnegative(),
  reason: z.string(),
  failedAt: z.string(),
});
export type CandidateSummaryFailed = z.infer<typeof CandidateSummaryFailed>;

export type CandidateSummaryEvent =
  | { type: 'CandidateSummaryRequested'; data: CandidateSummaryRequested }
  | { type: 'CandidateSummaryGenerated'; data: CandidateSummaryGenerated }
  | { type: 'CandidateSummaryFailed'; data: CandidateSummaryFailed };

export const CandidateSummaryEventSchemas = {
  CandidateSummaryRequested,
  CandidateSummaryGenerated,
  CandidateSummaryFailed,
} satisfies EventSchemas<CandidateSummaryEvent>;

export const candidateStreamId = (profileId: string) => `candidate-${profileId}`;
export const profileOfStreamId = (userId: string) => `profile-of-${userId}`;
export const candidateSummaryStreamId = (profileId: string) => `candidate-summary-${profileId}`;
