import { z } from 'zod';
import { MESSAGES } from '../common/messages';
import { ROLES, User, USER_TYPES } from './session-answers';

export * from './session-answers';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

const trimmed = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) => trimmed(max).optional().default('');

export const Email = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email({ error: 'Please enter a valid email address' }))
  // The document says what the server checks (the input side of a pipe would show a bare string).
  .meta({ format: 'email', maxLength: 254 });

export const Password = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`);

/** Skills arrive as a list or as one comma-separated line; either way: trimmed, no empties, no duplicates. */
export const SkillList = z
  .union([z.array(z.string().max(100)), z.string().max(2000)])
  .optional()
  .transform((value) => {
    const items = typeof value === 'string' ? value.split(',') : (value ?? []);
    const seen = new Set<string>();
    const skills: string[] = [];
    for (const item of items) {
      const skill = item.trim();
      if (skill && !seen.has(skill.toLowerCase())) {
        seen.add(skill.toLowerCase());
        skills.push(skill);
      }
    }
    return skills;
  })
  .pipe(z.array(z.string()).max(100, 'At most 100 skills'));

export const CandidateSignupBody = z.object({
  name: trimmed(200).min(1, 'Name is required'),
  email: Email,
  phone: optionalText(50),
  password: Password,
  location: optionalText(200),
  currentRole: optionalText(200),
  skills: SkillList,
});
export type CandidateSignupBody = z.input<typeof CandidateSignupBody>;

export const CompanySignupBody = z.object({
  companyName: trimmed(200).min(1, 'Company name is required'),
  contactName: trimmed(200).min(1, 'Contact name is required'),
  email: Email,
  phone: optionalText(50),
  password: Password,
  website: optionalText(500),
  location: optionalText(200),
  industry: optionalText(200),
});
export type CompanySignupBody = z.input<typeof CompanySignupBody>;

/**
 * `POST /api/invitations/{token}/claim` (ADR 038): the password of the account a candidate an admin
 * added makes from their invitation, under sign-up's rules. The address and the name are the
 * profile's; the answer is sign-up's (`AuthSuccess`). Here beside sign-up, not with the invitations'
 * contracts, so the pages that use those do not load the password rules.
 */
export const ClaimAccountBody = z.object({ password: Password });
export type ClaimAccountBody = z.input<typeof ClaimAccountBody>;

export const LoginBody = z.object({
  email: Email,
  // Any length is accepted at sign-in: the check is against the stored hash.
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX_LENGTH),
});
export type LoginBody = z.input<typeof LoginBody>;

export const UserType = z.enum(USER_TYPES);
export type UserType = z.infer<typeof UserType>;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;
export const isAdminRole = (role: Role): boolean => role === 'admin' || role === 'super_admin';


export const AuthSuccess = z.object({
  success: z.literal(true),
  user: User,
  token: z.string(),
});
export type AuthSuccess = z.infer<typeof AuthSuccess>;

export const LogoutResponse = z.object({ success: z.literal(true) });
