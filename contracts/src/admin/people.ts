import { z } from 'zod';

/**
 * The admin console's people tables (issue 14, part 2 "Admin panel"): candidates and companies,
 * searched, sorted and paged on the server. Shapes of part 2 §3 "Candidate (admin view)" and
 * "Company (admin view)"; the list answers add the paging the tables need.
 */

export const ADMIN_PAGE_SIZES = [10, 25, 50, 100] as const;
export const ADMIN_DEFAULT_PAGE_SIZE = 25;

const pageSize = z.coerce
  .number({ error: 'pageSize must be 10, 25, 50 or 100' })
  .int()
  .refine((value) => (ADMIN_PAGE_SIZES as readonly number[]).includes(value), 'pageSize must be 10, 25, 50 or 100')
  .meta({ enum: [...ADMIN_PAGE_SIZES] })
  .default(ADMIN_DEFAULT_PAGE_SIZE);
const page = z.coerce.number({ error: 'page must be a whole number from 1' }).int('page must be a whole number from 1').min(1, 'page must be a whole number from 1').default(1);
const search = z.string().trim().max(200, 'search must be at most 200 characters').default('');

/** The orders of the people tables: newest first (the default), oldest first, or by name. */
export const ADMIN_LIST_SORTS = ['newest', 'oldest', 'name'] as const;
export type AdminListSort = (typeof ADMIN_LIST_SORTS)[number];
const sort = z.enum(ADMIN_LIST_SORTS, { error: 'sort must be newest, oldest or name' }).default('newest');

/**
 * `GET /api/admin/candidates?search=&page=&pageSize=&sort=`: search matches first name, last name
 * and email, case-insensitively (part 2 §5). A page past the last is clamped to the last.
 */
export const AdminCandidateListQuery = z.object({
  search,
  page,
  pageSize,
  sort,
});
export type AdminCandidateListQuery = z.output<typeof AdminCandidateListQuery>;

/** `GET /api/admin/companies?search=&page=&pageSize=&sort=`: search matches the company name. */
export const AdminCompanyListQuery = z.object({
  search,
  page,
  pageSize,
  sort,
});
export type AdminCompanyListQuery = z.output<typeof AdminCompanyListQuery>;

/** Part 2 §3 "Candidate (admin view)". `userId` is null for a candidate an admin added who has no account yet. */
export const AdminCandidate = z.object({
  /** The profile id (what invitations and /profile/{id} take); for an account without a profile yet, its user id (no profile has it: a new profile's id is random and unknown until it is made, ADR 077). */
  id: z.string(),
  userId: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  title: z.string(),
  location: z.string(),
  experience: z.string(),
  skills: z.array(z.string()),
  visaStatus: z.string(),
  isPrivate: z.boolean(),
  /** The person proved they read the account's mailbox: signed in through a provider, or completed a password reset (ADR 038). Never for an added candidate. */
  verified: z.boolean(),
  summary: z.string(),
  createdAt: z.string(),
});
export type AdminCandidate = z.infer<typeof AdminCandidate>;

/** Part 2 §3 "Company (admin view)". `verified` shows as Verified, else Pending. */
export const AdminCompany = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  website: z.string(),
  location: z.string(),
  verified: z.boolean(),
  createdAt: z.string(),
});
export type AdminCompany = z.infer<typeof AdminCompany>;

const paging = { total: z.number().int().nonnegative(), page: z.number().int().positive(), pageSize: z.number().int().positive(), totalPages: z.number().int().nonnegative() };

export const AdminCandidateList = z.object({ candidates: z.array(AdminCandidate), ...paging });
export type AdminCandidateList = z.infer<typeof AdminCandidateList>;
export const AdminCompanyList = z.object({ companies: z.array(AdminCompany), ...paging });
export type AdminCompanyList = z.infer<typeof AdminCompanyList>;

export const ADMIN_EXPERIENCE_LEVELS = ['0-1', '2-5', '6-10', '10+'] as const;

/** `POST /api/admin/candidates` (part 2 §5 "Add Candidate (admin)"): first name, last name and a valid email required. */
export const CreateAdminCandidateBody = z.object({
  firstName: z.string({ error: 'First name is required' }).trim().min(1, 'First name is required').max(100, 'First name must be at most 100 characters'),
  lastName: z.string({ error: 'Last name is required' }).trim().min(1, 'Last name is required').max(100, 'Last name must be at most 100 characters'),
  email: z.string({ error: 'A valid email is required' }).trim().toLowerCase().pipe(z.email('A valid email is required').max(254, 'Email must be at most 254 characters')).meta({ format: 'email', maxLength: 254 }),
  phone: z.string().trim().max(40).default(''),
  location: z.string().trim().max(200).default(''),
  title: z.string().trim().max(200).default(''),
  summary: z.string().trim().max(5000).default(''),
  experience: z.string().trim().max(50).default(''),
  skills: z.array(z.string().trim().max(100)).max(100).default([]).transform((skills) => skills.filter(Boolean)),
  isPrivate: z.boolean().default(false),
});
export type CreateAdminCandidateBody = z.input<typeof CreateAdminCandidateBody>;

/** `POST /api/admin/companies` (part 2 §5 "Add Company (admin)"): name required; website must be a URL. */
export const CreateAdminCompanyBody = z.object({
  name: z.string({ error: 'Company name is required' }).trim().min(1, 'Company name is required').max(200, 'Company name must be at most 200 characters'),
  description: z.string().trim().max(5000).default(''),
  website: z
    .string()
    .trim()
    .max(500)
    .default('')
    .refine((value) => value === '' || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(value), 'Website must be a valid URL (https://…)'),
  location: z.string().trim().max(200).default(''),
});
export type CreateAdminCompanyBody = z.input<typeof CreateAdminCompanyBody>;

/**
 * `PUT /api/admin/candidates/{id}` (the Manage dialog, ADR 064): the Add Candidate fields but the
 * email, which is the person's sign-in and stays theirs to change.
 */
export const UpdateAdminCandidateBody = CreateAdminCandidateBody.omit({ email: true });
export type UpdateAdminCandidateBody = z.input<typeof UpdateAdminCandidateBody>;
/** `PUT /api/admin/companies/{id}` (the Manage dialog, ADR 064): the Add Company fields and rules. */
export const UpdateAdminCompanyBody = CreateAdminCompanyBody;
export type UpdateAdminCompanyBody = z.input<typeof UpdateAdminCompanyBody>;
export const AdminUpdateResponse = z.object({ success: z.literal(true), id: z.string() });
export type AdminUpdateResponse = z.infer<typeof AdminUpdateResponse>;

export const CreateAdminCandidateResponse = z.object({ success: z.literal(true), candidate: AdminCandidate });
export const CreateAdminCompanyResponse = z.object({ success: z.literal(true), company: AdminCompany });

export const ADMIN_MESSAGES = {
  /** Every admin route's 403 to a signed-in user who is not an admin (the panel's own text, part 2). */
  adminOnly: 'Admin access required. Your account does not have admin privileges.',
  checking: 'Checking admin access...',
  signInRequired: 'Please sign in to access the admin panel.',
  adminRequired: 'Admin access required. Your account does not have admin privileges.',
  createCandidateFailed: 'Failed to create candidate',
  createCompanyFailed: 'Failed to create company',
  sendInvitationFailed: 'Failed to send job invitation',
  bulkInvitationsFailed: 'Failed to send bulk invitations',
  roleUpdateFailed: 'Failed to update user role',
  createJobFailed: 'Failed to create job',
  accessDeniedTitle: 'Access Denied',
  accessDeniedText: 'Only super admins can change user roles',
  noValidSelections: 'No Valid Selections',
  selectionRequired: 'Selection Required',
  candidateEmailTaken: 'A candidate with this email already exists.',
} as const;
