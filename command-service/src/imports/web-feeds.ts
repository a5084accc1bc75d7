import type { JobSource } from '@hireloop/contracts';
import {
  ANYWHERE,
  DEFAULT_JOB_TYPE,
  absoluteUrl,
  dateFrom,
  descriptionText,
  experienceFrom,
  experienceFromTitle,
  finish,
  httpUrlOrNull,
  inlineText,
  isRecord,
  jobTypeFrom,
  organisationName,
  salaryFromText,
  skillsFrom,
  type FeedFormat,
  type ItemContext,
  type ItemReader,
  type ItemResult,
} from './parsers';

/**
 * Web feeds of jobs (ADR 105): RSS 2.0 (and RSS 1.0/RDF), Atom, and JSON Feed (jsonfeed.org), as
 * job boards such as We Work Remotely publish them. They carry no job schema of their own, so an
 * item is read by the conventions boards use: the company in an element of its own (any
 * namespace: `<company>`, `<job:company>`, `<hiringOrganization>`), else from a "Company: Title"
 * title, else the item's author; the place in `<region>`/`<location>`; the employment type in
 * `<type>`; the closing date in `<expires_at>`/`<validThrough>`. What an item lacks is said in its
 * skip reason. All three import as the source `rss`. XML is read as a stream (xml-stream.ts, ADR
 * 117), which hands each item over in the shape read here: an element's text, or an object of
 * its children by local name with `@_name` attributes and `#text`, repeated children as a list.
 */

/** The encoding a document's bytes are in: a byte-order mark, else the XML declaration's, else UTF-8. */
export function xmlEncodingOf(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  const declared = /^\s*<\?xml[^>]*?\bencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(head)?.[1];
  return declared ?? 'utf-8';
}

export const asList = (value: unknown): unknown[] => (value === undefined || value === null || value === '' ? [] : Array.isArray(value) ? value : [value]);

/** The address an XML item's relative links are resolved against (its channel's link), set by the stream reader. */
export const ITEM_BASE = '#base';

// ---------------------------------------------------------------------------------------------
// Reading an item

/** The text of an element: `<x>text</x>`, `<x a="1">text</x>`, the first of repeated ones. */
export function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    for (const entry of value) {
      const text = textOf(entry);
      if (text !== null && text.trim()) return text;
    }
    return null;
  }
  if (isRecord(value)) {
    const text = value['#text'];
    return typeof text === 'string' || typeof text === 'number' ? String(text) : null;
  }
  return null;
}

export const field = (item: Record<string, unknown>, ...names: string[]): string | null => {
  for (const name of names) {
    const text = textOf(item[name]);
    if (text !== null && text.trim()) return text.trim();
  }
  return null;
};

/** Every text of a repeated element (`<category>` ×3). */
export const texts = (value: unknown): string[] => asList(value).map(textOf).filter((text): text is string => text !== null && text.trim() !== '');

/** RFC 822 (`Tue, 11 Aug 2026 07:30:41 +0000`), ISO 8601 and the other forms `dateFrom` reads, to ISO 8601 UTC. */
const dateOf = (text: string | null) => (text ? dateFrom(text) : null);

/** "Stellar AI: Senior Software Engineer" → company and title (We Work Remotely's way). */
export function splitCompanyTitle(title: string): { company: string; title: string } | null {
  const match = /^\s*([^:]{1,100}?)\s*:\s+(\S.*)$/.exec(title);
  if (!match) return null;
  const [, company, rest] = match;
  // "Re: …", "Update: …", "Urgent: …" are not companies.
  if (/^(re|fwd?|update|urgent|hiring|new|job|jobs|remote job|featured|sponsored)$/i.test(company!.trim())) return null;
  return { company: company!, title: rest! };
}

const authorName = (value: unknown) => {
  const first = asList(value)[0];
  return isRecord(first) ? (textOf(first.name) ?? organisationName(first)) : textOf(first);
};

/** What every web-feed item (and every other format read by `jobFromFields`) gives, from whichever element carries it. */
export interface ItemFields {
  id: string | null;
  title: string | null;
  company: string | null;
  author: string | null;
  location: string | null;
  description: string | null;
  url: string | null;
  postedAt: string | null;
  validThrough: string | null;
  type: string | null;
  categories: string[];
  salary: string | null;
  /** Said by the feed (a remote flag, a workplace type); null: told from the location and title. */
  remote?: boolean | null;
  /** A seniority in words ("Senior", "ENTRY_LEVEL"); the title decides when it names none. */
  experience?: string | null;
  /** Why an item without a company (a description) is skipped, in this format's words. */
  companyMissing?: string;
  descriptionMissing?: string;
  /** Where relative links are resolved from (the item's channel), before the feed's URL. */
  base?: string | null;
}

const REMOTE_WORDS = /\b(remote|anywhere|worldwide|work from home|wfh)\b/i;

/** An item's fields to a job, or why it is skipped: the one mapping every format without a schema of its own shares. */
export function jobFromFields(fields: ItemFields, source: JobSource, context: ItemContext = {}): ItemResult {
  if (!fields.id) return { skip: 'no id: the item has neither a guid/id nor a link' };
  if (!fields.title || !inlineText(fields.title)) return { skip: 'title is missing' };
  let title = fields.title;
  let company = fields.company;
  if (!company) {
    const split = splitCompanyTitle(inlineText(title));
    if (split) ({ company, title } = split);
  }
  company ??= fields.author;
  if (!company || !inlineText(company)) {
    return { skip: fields.companyMissing ?? 'company is missing: no <company> element, no "Company: Title" title and no author' };
  }
  const description = descriptionText(fields.description ?? '');
  if (!description) return { skip: fields.descriptionMissing ?? 'description is missing (no description, content or summary)' };
  const location = inlineText(fields.location ?? '');
  const titleText = inlineText(title);
  const base = absoluteUrl(fields.base, context.baseUrl) ?? context.baseUrl;
  return finish({
    source,
    externalId: fields.id.slice(0, 200),
    externalUrl: absoluteUrl(fields.url, base) ?? httpUrlOrNull(fields.id),
    postedAt: dateFrom(fields.postedAt),
    validThrough: dateFrom(fields.validThrough),
    content: {
      title: titleText.slice(0, 200),
      company: inlineText(company).slice(0, 200),
      location: (location || ANYWHERE).slice(0, 200),
      salary: salaryFromText(fields.salary),
      type: jobTypeFrom(fields.type) ?? jobTypeFrom(titleText) ?? DEFAULT_JOB_TYPE,
      // A board that names no place lists remote jobs (the location is then "Worldwide").
      remote: fields.remote ?? (!location || REMOTE_WORDS.test(location) || REMOTE_WORDS.test(titleText)),
      description,
      requirements: [],
      skills: skillsFrom(fields.categories.flatMap((text) => text.split(/\s*,\s*/))),
      experience: experienceFrom(fields.experience) ?? experienceFromTitle(titleText) ?? 'Mid level',
      benefits: null,
    },
  });
}

const baseOf = (item: Record<string, unknown>) => (typeof item[ITEM_BASE] === 'string' ? item[ITEM_BASE] : null);

const rssFields = (item: Record<string, unknown>): ItemFields => ({
  base: baseOf(item),
  id: field(item, 'guid', 'id', 'link'),
  title: field(item, 'title'),
  company: field(item, 'company', 'companyName', 'company_name', 'employer', 'hiringOrganization', 'organization') ?? organisationName(item.hiringOrganization ?? item.company),
  author: field(item, 'creator', 'author'),
  location: [field(item, 'region', 'location', 'jobLocation', 'city'), field(item, 'country')].filter(Boolean).join(', ') || null,
  // `<content:encoded>` is the full text where `<description>` is a summary.
  description: [field(item, 'encoded'), field(item, 'description', 'summary')].filter((text): text is string => text !== null).sort((a, b) => b.length - a.length)[0] ?? null,
  url: field(item, 'link') ?? (isRecord(item.link) ? textOf(item.link['@_href']) : null),
  postedAt: dateOf(field(item, 'pubDate', 'date', 'published', 'datePosted')),
  validThrough: dateOf(field(item, 'expires_at', 'validThrough', 'expires', 'expiryDate', 'closingDate')),
  type: field(item, 'type', 'jobType', 'job_type', 'employmentType'),
  categories: [...texts(item.category), ...texts(item.skills), ...texts(item.tags)],
  salary: field(item, 'salary', 'baseSalary', 'compensation'),
});

/** An Atom link: the `alternate` (or the first) `<link href>`. */
const atomLink = (value: unknown): string | null => {
  const links = asList(value).filter(isRecord);
  const chosen = links.find((link) => link['@_rel'] === undefined || link['@_rel'] === 'alternate') ?? links[0];
  return chosen ? textOf(chosen['@_href']) : textOf(value);
};

const atomFields = (entry: Record<string, unknown>): ItemFields => ({
  base: baseOf(entry),
  id: field(entry, 'id') ?? atomLink(entry.link),
  title: field(entry, 'title'),
  company: field(entry, 'company', 'companyName', 'employer', 'hiringOrganization', 'organization') ?? organisationName(entry.hiringOrganization ?? entry.company),
  author: authorName(entry.author),
  location: [field(entry, 'region', 'location', 'jobLocation', 'city'), field(entry, 'country')].filter(Boolean).join(', ') || null,
  description: field(entry, 'content') ?? field(entry, 'summary'),
  url: atomLink(entry.link),
  postedAt: dateOf(field(entry, 'published', 'updated')),
  validThrough: dateOf(field(entry, 'expires_at', 'validThrough', 'expires')),
  type: field(entry, 'type', 'jobType', 'employmentType'),
  categories: asList(entry.category).map((category) => (isRecord(category) ? textOf(category['@_label'] ?? category['@_term']) : textOf(category))).filter((text): text is string => !!text),
  salary: field(entry, 'salary'),
});

const jsonText = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : typeof value === 'number' ? String(value) : null);

const jsonFeedFields = (item: Record<string, unknown>): ItemFields => {
  // Extensions start with an underscore (`_job`, `_hireloop`): a job's own fields may sit there.
  const extension = Object.entries(item).find(([key, value]) => key.startsWith('_') && isRecord(value))?.[1] as Record<string, unknown> | undefined;
  const both = { ...item, ...(extension ?? {}) };
  return {
    id: jsonText(item.id) ?? jsonText(item.url),
    title: jsonText(item.title),
    company: organisationName(both.company ?? both.companyName ?? both.hiringOrganization ?? both.organization ?? both.employer),
    author: authorName(item.authors ?? item.author),
    location: jsonText(both.location) ?? organisationName(both.location),
    description: jsonText(item.content_html) ?? jsonText(item.content_text) ?? jsonText(item.summary),
    url: jsonText(item.url) ?? jsonText(item.external_url),
    postedAt: dateOf(jsonText(item.date_published) ?? jsonText(item.date_modified)),
    validThrough: dateOf(jsonText(both.validThrough) ?? jsonText(both.expires_at)),
    type: jsonText(both.type) ?? jsonText(both.employmentType),
    categories: asList(item.tags).filter((tag): tag is string => typeof tag === 'string'),
    salary: jsonText(both.salary),
  };
};

/** A format read by the fields its items give (`jobFromFields`): every format here, and those of job-feeds.ts. */
export const fieldsReader = (
  format: FeedFormat,
  label: (index: number) => string,
  fields: (item: Record<string, unknown>, context: ItemContext) => ItemFields,
  source: JobSource = 'rss',
): ItemReader => ({
  format,
  source,
  label,
  ignore: () => false,
  idOf: (item) => (isRecord(item) ? fields(item, {}).id : null),
  toJob: (item, context = {}) => (isRecord(item) ? jobFromFields(fields(item, context), source, context) : { skip: 'not an element with fields' }),
});
const webFeedReader = (format: FeedFormat, label: (index: number) => string, fields: (item: Record<string, unknown>) => ItemFields) => fieldsReader(format, label, fields);

export const rssItems = webFeedReader('rss', (index) => `item[${index}]`, rssFields);
export const atomItems = webFeedReader('atom', (index) => `entry[${index}]`, atomFields);
export const jsonFeedItems = webFeedReader('jsonfeed', (index) => `items[${index}]`, jsonFeedFields);
