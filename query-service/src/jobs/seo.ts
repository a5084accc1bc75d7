import type { Job } from '@hireloop/contracts';
import type { ReadStore } from '@hireloop/platform/read-store';
import { findJob, findJobByShareToken } from '@hireloop/projections/job-board/queries';
import { locationFlags } from '@hireloop/projections/job-board/location';

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

function postalAddress(location: string, isUS: boolean) {
  const parts = location.split(',').map((part) => part.trim()).filter(Boolean);
  const zip = /\b(\d{5})(?:-\d{4})?\b/.exec(location)?.[1];
  const address: Record<string, string> = { '@type': 'PostalAddress' };
  if (parts[0]) address.addressLocality = parts[0].replace(/\b\d{5}(?:-\d{4})?\b/, '').trim();
  if (parts[1]) address.addressRegion = parts[1].replace(/\b\d{5}(?:-\d{4})?\b/, '').trim();
  if (zip) address.postalCode = zip;
  address.addressCountry = isUS ? 'US' : (parts.at(-1) ?? location);
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
  if (flags.isRemote && !/\d{5}|,/.test(job.location)) {
    posting.jobLocationType = 'TELECOMMUTE';
    posting.applicantLocationRequirements = flags.isUS ? { '@type': 'Country', name: 'USA' } : { '@type': 'AdministrativeArea', name: flags.isGlobal ? 'Worldwide' : job.location || 'Worldwide' };
  } else {
    posting.jobLocation = { '@type': 'Place', address: postalAddress(job.location, flags.isUS) };
    if (flags.isRemote) posting.jobLocationType = 'TELECOMMUTE';
  }
  const baseSalary = parseSalary(job.salary);
  if (baseSalary) posting.baseSalary = baseSalary;
  return JSON.parse(JSON.stringify(posting)) as Record<string, unknown>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The SPA's index.html for a job page, with the job's title, description, canonical link and
 * JSON-LD in the <head>, so crawlers see them without running the app. Closed jobs carry no
 * JobPosting (they are no longer open for applications).
 */
export function renderJobPage(indexHtml: string, job: Job, publicUrl: string): string {
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
  return indexHtml.replace(/<title>[\s\S]*?<\/title>/, '').replace('</head>', `    ${tags.join('\n    ')}\n  </head>`);
}

/**
 * The HTML of a job page (`/job/:id` or `/share/job/:token`) for the SPA's fallback: the job's
 * head tags when it exists, the plain app with a 404 when it does not, null for other paths.
 */
export async function renderJobPageFor(readStore: ReadStore, pathname: string, indexHtml: string, publicUrl: string): Promise<{ status: number; html: string } | null> {
  const byId = /^\/job\/([^/]+)$/.exec(pathname);
  const byShare = /^\/share\/job\/([^/]+)$/.exec(pathname);
  if (!byId && !byShare) return null;
  let key: string;
  try {
    key = decodeURIComponent((byId ?? byShare)![1]!);
  } catch {
    return { status: 404, html: indexHtml };
  }
  const job = byId ? await findJob(readStore, key) : await findJobByShareToken(readStore, key);
  return job ? { status: 200, html: renderJobPage(indexHtml, job, publicUrl) } : { status: 404, html: indexHtml };
}
