import { z } from 'zod';
import { Availability, WorkPreference } from './events';
import { ExtractedResume } from './resume';
import { PARSE_RESUME_KINDS, RESUME_FILE_KINDS } from './resume-files';

/** Texts of the profile screens and calls, verbatim from part 2 §2, §5 and §8. */
export const PROFILE_MESSAGES = {
  jobTitleRequired: 'Job title is required',
  skillRequired: 'At least one skill is required',
  experienceRequired: 'Experience is required',
  locationRequired: 'Location is required',
  invalidFileType: 'Invalid File Type',
  invalidFileTypeDetail: 'Please upload a PDF or Word document.',
  parseFailed: 'Resume Parsing Failed',
  parseFailedDetail: 'Failed to parse resume. Please try again.',
  profileCreated: 'Profile Created',
  profileUpdated: 'Profile Updated',
  profileCreationFailed: 'Profile Creation Failed',
  profileCreationFailedDetail: 'Failed to create profile. Please try again.',
  profileUpdateFailed: 'Profile Update Failed',
  profileUpdateFailedDetail: 'Failed to update profile. Please try again.',
  registrationSuccessful: 'Registration Successful',
  registrationFailed: 'Registration Failed',
  registrationFailedDetail: 'Failed to create your profile. Please try again.',
  profileNotFound: 'Profile Not Found',
  profileNotFoundDetail: "The profile you're looking for doesn't exist or is set to private.",
  aiSummaryError: 'Unable to generate AI summary at this time. Please try again later.',
  aiSummaryPending: 'AI summary is being generated. This may take a moment...',
  linkCopied: 'Link Copied!',
  shareProfile: 'Share Profile',
  /** Server answers (not in the spec's words; ADR 024). */
  candidatesOnly: 'Only candidate accounts can have a profile.',
  profileExists: 'You already have a profile. Edit it from your dashboard.',
  noProfileYet: 'You have not created a profile yet.',
  regenerateForbidden: 'Only the profile owner or a company can regenerate the AI summary.',
  resumeTooLarge: 'The resume is larger than 5 MB. Please upload a smaller file.',
  resumeMissing: 'Please choose a resume file to upload (form field "resume").',
  resumeTypeMismatch: 'The file does not look like the type it claims to be. Please upload a real PDF or Word document.',
  /** ADR 105. */
  resumeEmpty: 'The file is empty (0 bytes). Please choose your resume file again, or save it again and upload the new copy.',
  resumePasswordProtected:
    'This file is protected with a password, so it cannot be read. Please remove the password (or save an unprotected copy) and upload that.',
  /** A file with no text to read (a scan or photo with no text layer, an empty document): what happened and what to do (issue 21). */
  resumeUnreadable:
    'We could not find any text in this file. If it is a scan or a photo of your resume, try a PDF exported from Word or Google Docs instead, or fill in your profile yourself.',
  resumeTooComplex: 'This document is too large or too complex to read. Please upload a simpler file.',
  resumeTimedOut: 'Reading this resume took too long. Please upload another file, or fill in your profile manually.',
  resumeImageTooLarge: 'This image has too many pixels to read (at most 40 megapixels). Please upload a smaller image, or a PDF.',
  imageTooLarge: 'Images must be at most 2 MB.',
  /** Pictures (ADR 046). */
  pictureType: 'Pictures must be PNG, JPEG, WebP or GIF images.',
  pictureTooManyPixels: 'This picture has too many pixels (at most 25 megapixels). Please choose a smaller one.',
  pictureUnreadable: 'This picture could not be read. Please choose another PNG, JPEG, WebP or GIF image.',
  pictureMissing: 'Please choose a picture to upload (form field "picture").',
  pictureKind: 'Say which picture this is: kind "avatar" or "cover".',
  pictureNotYours: 'Pictures must be uploaded by you: send a data URL or the address of a picture you uploaded.',
  pictureNotFound: 'Picture not found.',
} as const;

/** Resume upload limits (issue 10). */
export const RESUME_MAX_BYTES = 5 * 1024 * 1024;
export const DOCX_MAX_UNCOMPRESSED_BYTES = 25 * 1024 * 1024;
export const DOCX_MAX_ENTRIES = 1000;
/**
 * Files the wizard accepts (§5 names .pdf, .doc and .docx, and the server reads all three: .doc with
 * word-extractor, ADR 048). The upload page also accepts images (resume-files.ts).
 */
export const WIZARD_RESUME_EXTENSIONS = PARSE_RESUME_KINDS.flatMap((kind) => RESUME_FILE_KINDS[kind].extensions);
export const PROFILE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/**
 * Pictures as files (ADR 046): decoded only when their header declares at most this many pixels,
 * then re-encoded to WebP at twice the size the screens show them (avatar 96 px, cover up to
 * 1024 x 192 px).
 */
export const PROFILE_PICTURE_MAX_PIXELS = 25_000_000;
export const PROFILE_PICTURE_KINDS = ['avatar', 'cover'] as const;
export type ProfilePictureKind = (typeof PROFILE_PICTURE_KINDS)[number];
export const PROFILE_PICTURES_PATH = '/api/profile-pictures';
/** A stored picture's address: `/api/profile-pictures/<uuid>`, perhaps with the owner's `?grant=…`. */
export const PROFILE_PICTURE_REF = /^\/api\/profile-pictures\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\?grant=[0-9]{1,12}\.[A-Za-z0-9_-]{10,100})?$/;
export const profilePicturePath = (id: string) => `${PROFILE_PICTURES_PATH}/${id}`;
/** The picture id in a picture address, or null when `value` is not one. */
export const profilePictureIdOf = (value: string | null | undefined): string | null => (value ? (PROFILE_PICTURE_REF.exec(value)?.[1] ?? null) : null);
/** Skills shown: owner preview 5, limited view 8, cards 3 (part 2 §9). */
export const OWNER_PREVIEW_SKILLS = 5;
export const LIMITED_VIEW_SKILLS = 8;

const optionalText = (max: number) =>
  z
    .string()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((value) => value?.trim() ?? '');

const requiredText = (max: number, message: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters`);

/** An http(s) link or nothing. */
const optionalUrl = z
  .string()
  .trim()
  .max(500, 'At most 500 characters')
  .nullish()
  .transform((value) => value ?? '')
  .refine((value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value), 'Links must start with http:// or https://');

/**
 * A picture: the spec's "image data string" (a base64 data URL, at most 2 MB of image), which the
 * server re-encodes and stores as a file, or the address of a picture the caller already uploaded
 * (`POST /api/profile-pictures`, or the one the profile has); or nothing (ADR 046).
 */
const ImageData = z
  .string()
  .max(Math.ceil((PROFILE_IMAGE_MAX_BYTES * 4) / 3) + 100, PROFILE_MESSAGES.imageTooLarge)
  .refine((value) => /^data:image\/[a-z0-9.+-]+;base64,[A-Za-z0-9+/=]+$/i.test(value) || PROFILE_PICTURE_REF.test(value), 'Pictures must be images')
  .nullish()
  .transform((value) => value ?? null);

/** Skills: trimmed, duplicates (ignoring case) and empties dropped, at least one (§5). */
export const ProfileSkillList = z
  .array(z.string().max(60, 'Each skill is at most 60 characters'), { error: PROFILE_MESSAGES.skillRequired })
  .max(100, 'At most 100 skills')
  .transform((skills) => {
    const seen = new Set<string>();
    return skills
      .map((skill) => skill.trim())
      .filter((skill) => skill && !seen.has(skill.toLowerCase()) && seen.add(skill.toLowerCase()));
  })
  .pipe(z.array(z.string()).min(1, PROFILE_MESSAGES.skillRequired))
  // The document says at least one (the input side of the pipe would not).
  .meta({ minItems: 1 });

/**
 * `POST /api/profile` and `PUT /api/profile`: the profile form of §3 (jobTitle, skills,
 * experience, location, bio, phone, linkedinUrl, isActivelyLooking, isPublic, profilePicture,
 * coverPhoto) plus email, and the extraction's extras the wizard keeps (github, portfolio,
 * education, salary, work preference). Names come from the account.
 */
export const ProfileFormBody = z.object({
  jobTitle: requiredText(200, PROFILE_MESSAGES.jobTitleRequired),
  skills: ProfileSkillList,
  experience: requiredText(100, PROFILE_MESSAGES.experienceRequired),
  location: requiredText(200, PROFILE_MESSAGES.locationRequired),
  bio: optionalText(5000),
  phone: optionalText(40),
  email: optionalText(254),
  linkedinUrl: optionalUrl,
  githubUrl: optionalUrl,
  portfolioUrl: optionalUrl,
  education: optionalText(1000),
  salaryExpectation: optionalText(100),
  workPreference: WorkPreference.default('hybrid'),
  isActivelyLooking: z.boolean({ error: 'Say whether you are actively looking (true or false)' }),
  isPublic: z.boolean({ error: 'Say whether the profile is public (true or false)' }),
  profilePicture: ImageData,
  coverPhoto: ImageData,
});
export type ProfileFormBody = z.input<typeof ProfileFormBody>;
export type ProfileFormData = z.output<typeof ProfileFormBody>;

/** The whole profile, as its owner sees it (§3 "Candidate profile"). */
export const CandidateProfile = z.object({
  id: z.string(),
  userId: z.string(),
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
  profilePicture: z.string().nullable(),
  coverPhoto: z.string().nullable(),
  availability: Availability,
  workPreference: WorkPreference,
  isPublic: z.boolean(),
  isPrivate: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CandidateProfile = z.infer<typeof CandidateProfile>;

/** `GET /api/profile`: the signed-in candidate's own profile, null when they have none yet (not a 404: a new candidate is no error). */
export const OwnProfileAnswer = CandidateProfile.nullable();
export type OwnProfileAnswer = z.infer<typeof OwnProfileAnswer>;

/** `POST|PUT /api/profile` answer. */
export const ProfileSaved = z.object({ success: z.literal(true), profile: CandidateProfile });
export type ProfileSaved = z.infer<typeof ProfileSaved>;

/** `POST /api/profile-pictures` (multipart: `kind`, then the file `picture`): the stored picture, its address as its owner may show it. */
export const ProfilePictureUploaded = z.object({
  success: z.literal(true),
  /** `/api/profile-pictures/<id>?grant=…`: what the form sends back as `profilePicture` or `coverPhoto`. */
  url: z.string(),
  contentType: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
});
export type ProfilePictureUploaded = z.infer<typeof ProfilePictureUploaded>;
export const ProfilePictureParams = z.object({ id: z.string().min(1).max(100) });
export const ProfilePictureQuery = z.object({ grant: z.string().max(200).optional() });

/** `PATCH /api/profile/privacy`. */
export const ProfilePrivacyBody = z.object({ isPublic: z.boolean({ error: 'isPublic must be true or false' }) });
export const ProfilePrivacyResponse = z.object({ success: z.literal(true), isPublic: z.boolean(), isPrivate: z.boolean() });

/**
 * What a non-owner sees of a profile that is public but not both public and actively looking
 * (§2 display 2): no name, contact details, links, pictures, education, salary or summary.
 */
export const LimitedCandidateProfile = z.object({
  id: z.string(),
  title: z.string(),
  location: z.string(),
  availability: Availability,
  workPreference: WorkPreference,
  /** At most 8 skills; `skillCount` is how many there are in all (+N more). */
  skills: z.array(z.string()),
  skillCount: z.number().int().nonnegative(),
});
export type LimitedCandidateProfile = z.infer<typeof LimitedCandidateProfile>;

/**
 * What names a candidate or reaches them (ADR 066): their name, contact details, links and
 * picture. Nobody but the owner sees them on a profile, unless the candidate made themselves known
 * to the caller's company (revealed their profile to it from an invitation, or applied to one of its jobs).
 */
export const IDENTIFYING_PROFILE_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'linkedinUrl', 'githubUrl', 'portfolioUrl', 'profilePicture'] as const;
const identifying = Object.fromEntries(IDENTIFYING_PROFILE_FIELDS.map((field) => [field, true])) as { [K in (typeof IDENTIFYING_PROFILE_FIELDS)[number]]: true };

/** The full public view for someone the candidate has not made themselves known to (ADR 066): everything but the timestamps and what identifies them. */
export const AnonymousPublicProfile = CandidateProfile.omit({ createdAt: true, updatedAt: true, ...identifying });
export type AnonymousPublicProfile = z.infer<typeof AnonymousPublicProfile>;

/**
 * `GET /api/profiles/{id}`: which display to show (§2) and what it may show. `owner`: the signed-in
 * owner, everything; `public`: public and immediately available, everything but the timestamps
 * and what identifies the candidate (ADR 066); `revealed`: the same with the name, contact details,
 * links and picture, for a company's user the candidate revealed their profile to or applied to;
 * `limited`: the anonymous shape above; `gated`: see below. A private profile is a 404 to
 * everyone but its owner.
 */
export const ProfileView = z.discriminatedUnion('view', [
  z.object({ view: z.literal('owner'), profile: CandidateProfile }),
  z.object({ view: z.literal('public'), profile: AnonymousPublicProfile }),
  z.object({ view: z.literal('revealed'), profile: CandidateProfile.omit({ createdAt: true, updatedAt: true }) }),
  z.object({ view: z.literal('limited'), profile: LimitedCandidateProfile }),
  /**
   * A company user (not an admin) on a profile it may see in full, not yet opened this month: the
   * limited shape until it opens the profile with `POST /api/profiles/{id}/views`, which counts
   * one of its plan's candidate views (ADR 030).
   */
  z.object({ view: z.literal('gated'), profile: LimitedCandidateProfile }),
]);
export type ProfileView = z.infer<typeof ProfileView>;

export const ProfileIdParams = z.object({ id: z.string().min(1).max(100) });

/**
 * `POST /api/candidates`: the profile payload the resume upload page builds from an extraction
 * (§3 "Profile payload built from an extraction"), for the signed-in candidate.
 */
export const CandidateFromExtractionBody = z.object({
  firstName: optionalText(100),
  lastName: optionalText(100),
  email: optionalText(254),
  phone: optionalText(40),
  location: optionalText(200),
  title: optionalText(200),
  experience: optionalText(100),
  skills: z
    .array(z.string().max(60, 'Each skill is at most 60 characters'))
    .max(100, 'At most 100 skills')
    .default([]),
  summary: optionalText(5000),
  education: optionalText(1000),
  linkedinUrl: optionalUrl,
  githubUrl: optionalUrl,
  portfolioUrl: optionalUrl,
  workPreference: WorkPreference.default('hybrid'),
  salaryExpectation: optionalText(100),
  availability: Availability.default('immediate'),
});
export type CandidateFromExtractionBody = z.input<typeof CandidateFromExtractionBody>;
export const CandidateCreated = z.object({ success: z.literal(true), message: z.string(), profile: CandidateProfile });

/** The payload of §3 built from an extracted resume (first word of the name, the rest, …). */
export function candidateFromExtraction(resume: ExtractedResume): z.output<typeof CandidateFromExtractionBody> {
  const [firstName = '', ...rest] = resume.personalInfo.name.trim().split(/\s+/).filter(Boolean);
  return {
    firstName,
    lastName: rest.join(' '),
    email: resume.personalInfo.email,
    phone: resume.personalInfo.phone,
    location: resume.personalInfo.location,
    title: resume.experience[0]?.title ?? '',
    experience: resume.totalExperience,
    skills: [...resume.skills.technical, ...resume.skills.soft],
    summary: resume.summary,
    education: resume.education.map((entry) => `${entry.degree} - ${entry.institution}`).join(', '),
    linkedinUrl: resume.personalInfo.linkedin,
    githubUrl: resume.personalInfo.github,
    portfolioUrl: '',
    workPreference: 'hybrid',
    salaryExpectation: '',
    availability: 'immediate',
  };
}

/** `POST /api/extract-resume`: `{ success, data, error }` (§7). */
export const ExtractResumeResponse = z.object({
  success: z.boolean(),
  data: ExtractedResume.nullable(),
  error: z.string().nullable(),
});
export type ExtractResumeResponse = z.infer<typeof ExtractResumeResponse>;

/** `GET /api/candidates/{id}/ai-summary` and its regenerate (§3 "AI summary"). */
export const AiSummary = z.object({
  summaryText: z.string(),
  strengths: z.array(z.string()),
  fitRoles: z.array(z.string()),
  cached: z.boolean(),
  generatedAt: z.string(),
});
export type AiSummary = z.infer<typeof AiSummary>;
/** `status` says which of the spec's states to show: the result, the waiting text or the error. */
export const AiSummaryResponse = z.discriminatedUnion('status', [
  AiSummary.extend({ status: z.literal('ready') }),
  z.object({ status: z.literal('pending') }),
  z.object({ status: z.literal('failed'), error: z.string() }),
]);
export type AiSummaryResponse = z.infer<typeof AiSummaryResponse>;
