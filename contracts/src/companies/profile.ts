import { z } from 'zod';

/**
 * A company's profile (ADR 028): what a company user sets up from the dashboard's company modal.
 * Company data, not a person's: its name, address and the rest are public on its jobs (the
 * address only on the company's own screens), so nothing here is sealed per person (ADR 019).
 */

/** The head-count bands a company may pick from; '' is "not said". */
export const COMPANY_SIZES = ['1-10', '11-50', '51-200', '201-500', '501-1000', '1000+'] as const;
export type CompanySize = (typeof COMPANY_SIZES)[number];

export const COMPANY_PROFILE_MESSAGES = {
  nameRequired: 'Company name is required',
  nameTooLong: 'Company name must be at most 120 characters',
  website: 'Website must be a web address starting with http:// or https://',
  size: `Company size must be one of ${COMPANY_SIZES.join(', ')}`,
  companiesOnly: 'Only company accounts have a company profile.',
  noCompany: 'Your account belongs to no company.',
  notYourCompany: 'You can only change your own company’s profile.',
  notFound: 'Company not found.',
  updated: 'Company Profile Updated',
} as const;

const isWebAddress = (value: string) => {
  if (value === '') return true;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
};

const text = (max: number, label: string) => z.string().trim().max(max, `${label} must be at most ${max} characters`);

/** `PUT /api/company/profile`: the signed-in company user's company. Every field is sent; '' clears it. */
export const CompanyProfileBody = z.object({
  name: z.string().trim().min(1, COMPANY_PROFILE_MESSAGES.nameRequired).max(120, COMPANY_PROFILE_MESSAGES.nameTooLong),
  website: text(300, 'Website').refine(isWebAddress, COMPANY_PROFILE_MESSAGES.website),
  address: text(300, 'Address'),
  industry: text(100, 'Industry'),
  size: z.enum([...COMPANY_SIZES, ''], { error: COMPANY_PROFILE_MESSAGES.size }),
  description: text(5000, 'Description'),
});
export type CompanyProfileBody = z.infer<typeof CompanyProfileBody>;

/** Stream `company-<companyId>`: the whole profile as saved (a company's data, not a person's). */
export const CompanyProfileUpdated = z.object({
  companyId: z.string(),
  name: z.string(),
  website: z.string(),
  address: z.string(),
  industry: z.string(),
  size: z.string(),
  description: z.string(),
  /** The user who saved it. */
  updatedBy: z.string(),
  updatedAt: z.string(),
});
export type CompanyProfileUpdated = z.infer<typeof CompanyProfileUpdated>;

/** `GET /api/company/profile` (and the answer of the PUT): the company's own view. */
export const CompanyProfile = z.object({
  companyId: z.string(),
  name: z.string(),
  website: z.string(),
  address: z.string(),
  industry: z.string(),
  size: z.string(),
  description: z.string(),
  /** null: never saved from the profile form (only what sign-up recorded). */
  updatedAt: z.string().nullable(),
});
export type CompanyProfile = z.infer<typeof CompanyProfile>;

export const CompanyProfileResponse = z.object({ success: z.literal(true), profile: CompanyProfile });
export type CompanyProfileResponse = z.infer<typeof CompanyProfileResponse>;

/** `GET /api/companies/:companyId` (public, for the job pages): no address. */
export const CompanyPublicProfile = CompanyProfile.pick({ companyId: true, name: true, website: true, industry: true, size: true, description: true });
export type CompanyPublicProfile = z.infer<typeof CompanyPublicProfile>;

export const CompanyPublicProfileResponse = z.object({ success: z.literal(true), company: CompanyPublicProfile });
export type CompanyPublicProfileResponse = z.infer<typeof CompanyPublicProfileResponse>;
