import { withPageHead, type Job } from '@hireloop/contracts';
import type { ReadStore } from '@hireloop/platform/read-store';
import { findJob, findJobByShareToken } from '@hireloop/projections/job-board/queries';
import { locationFlags } from '@hireloop/projections/job-board/location';
import countries from 'i18n-iso-countries';
import englishCountryNames from 'i18n-iso-countries/langs/en.json' with { type: 'json' };

/** schema.org employmentType values. */
const EMPLOYMENT_TYPES: Record<string, string> = {
  'full-time': 'FULL_TIME',
  'part-time': 'PART_TIME',
  contract: 'CONTRACTOR',
  freelance: 'CONTRACTOR',
  internship: 'INTERN',
  temporary: 'TEMPORARY',
};

const CURRENCIES: Record<string, string> = { $: 'USD', '€': 'EUR', '£': 'GBP', USD: 'USD', EUR: 'EUR', GBP: 'GBP', CAD: 'CAD', NOK: 'NOK', AUD: 'AUD', CHF: 'CHF', SEK: 'SEK' };

const DAY = 86_400_000;
/** Without a known end, a posting is offered for 60 days from when it was posted. */
const DEFAULT_VALIDITY_DAYS = 60;

/** "$150k - $185k", "CAD 110,000 - 135,000", "$45/hour" → schema.org MonetaryAmount. */
export function parseSalary(salary: string | null): Record<string, unknown> | null {
  if (!salary) return null;
  const text = salary.replace(/(\d)\s*k\b/gi, '$1000').replace(/(\d),(?=\d{3})/g, '$1');
  const numbers = [...text.matchAll(/\d+(?:\.\d+)?/g)].map((m) => Number(m[0])).filter((n) => n > 0);
  if (numbers.length === 0) return null;
  const code = /\b(USD|EUR|GBP|CAD|NOK|AUD|CHF|SEK)\b/i.exec(text)?.[1]?.toUpperCase();
  const symbol = /[$€£]/.exec(text)?.[0];
  const currency = code ?? (symbol ? CURRENCIES[symbol] : undefined);
  if (!currency) return null;
  const unitText = /hour|hr\b/i.test(text) ? 'HOUR' : /month/i.test(text) ? 'MONTH' : 'YEAR';
  const [min, max] = [Math.min(...numbers), Math.max(...numbers)];
  return {
    '@type': 'MonetaryAmount',
    currency,
    value: min === max ? { '@type': 'QuantitativeValue', value: min, unitText } : { '@type': 'QuantitativeValue', minValue: min, maxValue: max, unitText },
  };
}

/** English country names and their usual other names ("USA", "UK") → ISO 3166-1 alpha-2. */
countries.registerLocale(englishCountryNames);

const ZIP = /\b(\d{5})(?:-\d{4})?\b/;

/** A part of a location as an ISO 3166-1 alpha-2 code, when it is a country's name or code. */
export function countryCode(part: string): string | undefined {
  const text = part.replace(/\./g, '').trim();
  if (!text) return undefined;
  // Two capitals are a state ("Austin, TX"), not a country: only a few codes people write as countries count.
  if (/^[A-Z]{2}$/.test(text)) return text === 'US' || text === 'UK' ? (text === 'UK' ? 'GB' : 'US') : undefined;
  return countries.getAlpha2Code(text, 'en') ?? undefined;
}

export interface PlaceParts {
  locality?: string;
  region?: string;
  postalCode?: string;
  /** ISO 3166-1 alpha-2 (Google's JobPosting rules), when the location names a country or is in the US. */
  country?: string;
}

/**
 * "Austin, TX 78701", "Lisbon, Portugal", "Remote, United States", "Berlin, Germany (Remote)" →
 * its parts. "Remote" and the like are not places; a country's name is never a locality.
 */
export function placeParts(location: string, isUS: boolean): PlaceParts {
  const postalCode = ZIP.exec(location)?.[1];
  const parts = location
    .replace(/\((?:fully\s+)?remote[^)]*\)/gi, '')
    .split(/,|\s[-–|/]\s/)
    .map((part) => part.replace(ZIP, '').replace(/\b(?:fully\s+)?remote\b|\b(?:hybrid|on-?site|worldwide|global(?:ly)?|anywhere)\b/gi, '').trim())
    .filter(Boolean);
  let country: string | undefined;
  const named = parts.length > 0 ? countryCode(parts.at(-1)!) : undefined;
  // In the US a country's name is a state's ("Atlanta, Georgia"), unless it is the US itself.
  if (named && (!isUS || named === 'US')) {
    country = named;
    parts.pop();
  } else if (isUS) country = 'US';
  const [locality, region] = parts;
  return { locality, region, postalCode, country };
}

function postalAddress(place: PlaceParts) {
  const address: Record<string, string> = { '@type': 'PostalAddress' };
  if (place.locality) address.addressLocality = place.locality;
  if (place.region) address.addressRegion = place.region;
  if (place.postalCode) address.postalCode = place.postalCode;
  if (place.country) address.addressCountry = place.country;
  return address;
}

/** The job as schema.org `JobPosting` structured data, for search engines. */
export function jobPostingJsonLd(job: Job, publicUrl: string): Record<string, unknown> {
  const flags = locationFlags(job.location, job.remote);
  const datePosted = new Date(job.createdAt);
  const validThrough = job.validThrough ? new Date(job.validThrough) : new Date(datePosted.getTime() + DEFAULT_VALIDITY_DAYS * DAY);
  const description = [job.description, job.requirements.length ? `Requirements:\n${job.requirements.map((r) => `- ${r}`).join('\n')}` : '', job.benefits ? `Benefits: ${job.benefits}` : '']
    .filter(Boolean)
    .join('\n\n');
  const posting: Record<string, unknown> = {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title: job.title,
    description: description
      .split(/\n{2,}/)
      .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
      .join(''),
    identifier: { '@type': 'PropertyValue', name: job.company, value: job.id },
    datePosted: datePosted.toISOString(),
    validThrough: validThrough.toISOString(),
    employmentType: EMPLOYMENT_TYPES[job.type.toLowerCase()] ?? 'OTHER',
    hiringOrganization: { '@type': 'Organization', name: job.company },
    url: `${publicUrl.replace(/\/$/, '')}/job/${encodeURIComponent(job.id)}`,
    directApply: job.source === 'internal',
    skills: job.skills.join(', ') || undefined,
    experienceRequirements: job.experience || undefined,
  };
  const place = placeParts(job.location, flags.isUS);
  const hasPlace = Boolean(place.locality || place.region || place.postalCode);
  // An office to come to (Google: the job's physical location), remote or not.
  if (hasPlace || !flags.isRemote) posting.jobLocation = { '@type': 'Place', address: postalAddress(place) };
  if (flags.isRemote) {
    // Google's rules: a TELECOMMUTE posting says where applicants may live, as a country when one is known.
    posting.jobLocationType = 'TELECOMMUTE';
    posting.applicantLocationRequirements = place.country
      ? { '@type': 'Country', name: place.country }
      : { '@type': 'AdministrativeArea', name: flags.isGlobal || !job.location.trim() ? 'Worldwide' : job.location.trim() };
  }
  const baseSalary = parseSalary(job.salary);
  if (baseSalary) posting.baseSalary = baseSalary;
  return JSON.parse(JSON.stringify(posting)) as Record<string, unknown>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A job page's head tags: the job's title, description, canonical link, Open Graph tags and, while
 * it is open, its JSON-LD JobPosting, so crawlers and link previews see them without running the
 * app. Closed jobs carry no JobPosting (they are no longer open for applications).
 */
export function jobPageHead(job: Job, publicUrl: string): string {
  const base = publicUrl.replace(/\/$/, '');
  const title = `${job.title} at ${job.company} | Hireloop`;
  const summary = job.description.replace(/\s+/g, ' ').slice(0, 200);
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(summary)}">`,
    `<link rel="canonical" href="${escapeHtml(`${base}/job/${encodeURIComponent(job.id)}`)}">`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(summary)}">`,
    `<meta property="og:type" content="website">`,
  ];
  if (job.isActive) {
    // "<" is escaped so a description can never close the script element.
    const json = JSON.stringify(jobPostingJsonLd(job, publicUrl)).replace(/</g, '\\u003c');
    tags.push(`<script type="application/ld+json">${json}</script>`);
  }
  return tags.join('\n    ');
}

/** The SPA's index.html for a job page, with the job's head tags (`jobPageHead`). */
export function renderJobPage(indexHtml: string, job: Job, publicUrl: string): string {
  return withPageHead(indexHtml, jobPageHead(job, publicUrl));
}

/**
 * A job page (`/job/:id` or `/share/job/:token`): its status and, when the job exists, its head
 * tags; null for other paths. The app writes them into the HTML itself; the services profile's
 * gateway, which holds no read store, asks a query replica for them (`GET /api/page-status`).
 */
export async function jobPageHeadFor(readStore: ReadStore, pathname: string, publicUrl: string): Promise<{ status: 200; head: string } | { status: 404 } | null> {
  const byId = /^\/job\/([^/]+)$/.exec(pathname);
  const byShare = /^\/share\/job\/([^/]+)$/.exec(pathname);
  if (!byId && !byShare) return null;
  let key: string;
  try {
    key = decodeURIComponent((byId ?? byShare)![1]!);
  } catch {
    return { status: 404 };
  }
  const job = byId ? await findJob(readStore, key) : await findJobByShareToken(readStore, key);
  return job ? { status: 200, head: jobPageHead(job, publicUrl) } : { status: 404 };
}

/**
 * The HTML of a job page (`/job/:id` or `/share/job/:token`) for the SPA's fallback: the job's
 * head tags when it exists, the plain app with a 404 when it does not, null for other paths.
 */
export async function renderJobPageFor(readStore: ReadStore, pathname: string, indexHtml: string, publicUrl: string): Promise<{ status: number; html: string } | null> {
  const page = await jobPageHeadFor(readStore, pathname, publicUrl);
  if (!page) return null;
  return page.status === 200 ? { status: 200, html: withPageHead(indexHtml, page.head) } : { status: 404, html: indexHtml };
}
