import { DateTime } from 'luxon';
import { z } from 'zod';
import type { EXPERIENCE_LEVELS, JOB_TYPES, JobContent, JobSource } from '@hireloop/contracts';
import { HireloopFeedEnvelope, HireloopFeedJob, type HireloopFeedSource, type ImportedJob } from '@hireloop/contracts/imports/feed';

/**
 * Feeds in, `ImportedJob`s out (RSS, Atom and JSON Feed: web-feeds.ts, read by feed-reader.ts). Three JSON formats here: the Hireloop feed (docs/import-format.md), the
 * Remote OK API (an array whose first item is a legal notice) and a Himalayas API page
 * (`{ jobs: [...] }`). A bad item is skipped and reported; only a document that is not one of
 * these formats fails as a whole.
 */

export type FeedFormat =
  | 'hireloop' | 'remoteok' | 'himalayas' | 'rss' | 'atom' | 'jsonfeed'
  // ADR 117: XML job feeds (Indeed, LinkedIn, ZipRecruiter, Jooble), schema.org JobPosting in a page, and ATS job APIs.
  | 'xmljobs' | 'jsonld' | 'greenhouse' | 'lever' | 'ashby' | 'workable' | 'smartrecruiters' | 'recruitee' | 'personio';

export interface SkippedItem {
  /** Where the item sits in the document, e.g. `jobs[3]`. */
  item: string;
  /** The item's id when it had one: the importer keeps such a job open rather than closing it. */
  externalId: string | null;
  reason: string;
}

export interface ParsedFeed {
  format: FeedFormat;
  source: JobSource;
  /** Valid jobs, one per external id (the first wins). */
  jobs: ImportedJob[];
  skipped: SkippedItem[];
}

/** The document as a whole is not a feed: the run fails and nothing is closed. */
export class FeedFormatError extends Error {
  override readonly name = 'FeedFormatError';
}

/** Public boards list a handful of skills; more is noise on a job card. */
export const MAX_IMPORTED_SKILLS = 15;
export const DEFAULT_JOB_TYPE = 'Full-time';
export const DEFAULT_EXPERIENCE = 'Mid level';
/** Remote boards with no location restriction: anywhere (the board's "global" search finds it). */
export const ANYWHERE = 'Worldwide';

// ---------------------------------------------------------------------------------------------
// Text repair

/** Windows-1252 characters for bytes 0x80–0x9F, as a mis-decoded UTF-8 byte may show up. */
const CP1252: Record<string, number> = {
  '\u20ac': 0x80, '\u201a': 0x82, '\u0192': 0x83, '\u201e': 0x84, '\u2026': 0x85, '\u2020': 0x86, '\u2021': 0x87,
  '\u02c6': 0x88, '\u2030': 0x89, '\u0160': 0x8a, '\u2039': 0x8b, '\u0152': 0x8c, '\u017d': 0x8e, '\u2018': 0x91,
  '\u2019': 0x92, '\u201c': 0x93, '\u201d': 0x94, '\u2022': 0x95, '\u2013': 0x96, '\u2014': 0x97, '\u02dc': 0x98,
  '\u2122': 0x99, '\u0161': 0x9a, '\u203a': 0x9b, '\u0153': 0x9c, '\u017e': 0x9e, '\u0178': 0x9f,
};
const CONTINUATION = `[\\u0080-\\u00bf${Object.keys(CP1252).join('')}]`;
/** A UTF-8 multi-byte sequence read as Latin-1 / Windows-1252 characters. */
const MOJIBAKE_SEQUENCE = new RegExp(
  `[\\u00c2-\\u00df]${CONTINUATION}|[\\u00e0-\\u00ef]${CONTINUATION}{2}|[\\u00f0-\\u00f4]${CONTINUATION}{3}`,
  'g',
);
/**
 * Only text that shows sure signs of double encoding is repaired (a C1 control character after a
 * lead byte, "â€", "Ã" or "Â" before Latin-1 punctuation), so a French "CAFÉ»" stays as written.
 */
const MOJIBAKE_SIGNS = /[\u00c2-\u00f4][\u0080-\u009f]|\u00e2\u20ac|[\u00c2\u00c3][\u00a0-\u00bf]/;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Undoes UTF-8 that was decoded as Latin-1 (what the Remote OK API sends: "â\u0080\u0099" for ’). */
export function repairMojibake(text: string): string {
  if (!MOJIBAKE_SIGNS.test(text)) return text;
  return text.replace(MOJIBAKE_SEQUENCE, (sequence) => {
    const bytes = Uint8Array.from([...sequence], (char) => CP1252[char] ?? char.charCodeAt(0));
    try {
      return strictUtf8.decode(bytes);
    } catch {
      return sequence;
    }
  });
}

/** HTML's named entities that job feeds use (XML feeds too, where strictly they are undefined). */
export const NAMED_ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', ensp: ' ', emsp: ' ', thinsp: ' ',
  shy: '', zwj: '', zwnj: '', lrm: '', rlm: '',
  ndash: '–', mdash: '—', minus: '−', lsquo: '‘', rsquo: '’', sbquo: '‚', ldquo: '“', rdquo: '”', bdquo: '„',
  laquo: '«', raquo: '»', lsaquo: '‹', rsaquo: '›', hellip: '…', bull: '•', middot: '·', prime: '′', Prime: '″',
  copy: '©', reg: '®', trade: '™', euro: '€', pound: '£', yen: '¥', cent: '¢', curren: '¤', deg: '°',
  times: '×', divide: '÷', plusmn: '±', frac12: '½', frac14: '¼', frac34: '¾', sup2: '²', sup3: '³',
  para: '¶', sect: '§', iexcl: '¡', iquest: '¿', ordf: 'ª', ordm: 'º', micro: 'µ',
  rarr: '→', larr: '←', uarr: '↑', darr: '↓', harr: '↔', check: '✓', star: '☆', hearts: '♥',
  szlig: 'ß', aelig: 'æ', AElig: 'Æ', oslash: 'ø', Oslash: 'Ø', oelig: 'œ', OElig: 'Œ', eth: 'ð', thorn: 'þ',
};
// &eacute; &Uuml; &ntilde; &ccedil; … composed from the letter and its mark.
const MARKS: Record<string, string> = { acute: '\u0301', grave: '\u0300', circ: '\u0302', uml: '\u0308', tilde: '\u0303', cedil: '\u0327', ring: '\u030a' };
for (const letter of 'aeiouycnAEIOUYCN') {
  for (const [name, mark] of Object.entries(MARKS)) {
    const composed = `${letter}${mark}`.normalize('NFC');
    if (composed.length === 1) NAMED_ENTITIES[`${letter}${name}`] = composed;
  }
}
const CP1252_BY_BYTE = new Map(Object.entries(CP1252).map(([char, byte]) => [byte, char]));

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z][a-z0-9]{1,31});/gi, (entity, body: string) => {
    if (body.startsWith('#')) {
      const code = body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10);
      // &#146; and friends: old HTML meant Windows-1252.
      const cp1252 = CP1252_BY_BYTE.get(code);
      if (cp1252) return cp1252;
      if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return entity;
      return String.fromCodePoint(code);
    }
    return NAMED_ENTITIES[body] ?? entity;
  });
}

/** Word's Symbol-font bullets arrive as private-use characters. */
const privateUseBullets = (text: string) => text.replace(/[\uf0b7\uf0a7\uf076\uf0d8]/g, '•');

const BLOCK_TAGS =
  'p|div|h[1-6]|ul|ol|table|thead|tbody|tfoot|tr|section|article|header|footer|blockquote|pre|hr|dl|dt|dd|figure|figcaption|main|aside|nav|address|details|summary';
const BLOCK_TAG = new RegExp(`</?(?:${BLOCK_TAGS})\\b[^>]*>`, 'gi');

/**
 * Every run of white space, as `/\s+/g` finds them, except a single plain space: replacing runs
 * with one space gives the same text, without rewriting each of the hundreds of single spaces of a
 * description (that alone was most of an imported job's conversion time, ADR 094).
 */
export const SPACES_TO_COLLAPSE = /\s{2,}|[^\S ]/g;

/**
 * HTML to text a person can read: paragraphs and headings separated by a blank line, one line
 * per list item ("• item"), line breaks kept, entities decoded, every tag removed.
 */
export function htmlToText(html: string): string {
  const text = privateUseBullets(
    decodeEntities(
      html
        .replace(/<!--[\s\S]*?-->/g, '')
        .replace(/<(script|style|head|template|noscript)\b[\s\S]*?<\/\1\s*>/gi, '')
        // Source formatting is not text: only tags break lines.
        .replace(SPACES_TO_COLLAPSE, ' ')
        .replace(/<br\s*\/?>/gi, '\n')
        .replace(/<li\b[^>]*>/gi, '\n• ')
        .replace(/<\/li\s*>/gi, '\n')
        .replace(BLOCK_TAG, '\n\n')
        .replace(/<\/?(?:td|th)\b[^>]*>/gi, ' ')
        .replace(/<[^>]*>/g, ''),
    ),
  );
  return tidyLines(text)
    .replace(/^• *\n+(?=\S)/gm, '• ') // <li><p>text</p></li>
    .replace(/^•\s*$/gm, '') // empty items
    .replace(/^(• .*)\n\n+(?=• )/gm, '$1\n') // items of one list stay together
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Zero-width characters (an alternation: a class would join them). */
const INVISIBLE = /\u200b|\u200c|\u200d|\u2060|\ufeff/g;

/** Per line: spaces collapsed and trimmed; at most one blank line in a row. */
const tidyLines = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .replace(INVISIBLE, '')
    .split('\n')
    .map((line) => line.replace(SPACES_TO_COLLAPSE, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** One line of text (a title, a company, a location): tags and entities gone, spaces collapsed. */
export const inlineText = (value: string) =>
  privateUseBullets(decodeEntities(repairMojibake(value).replace(/<[^>]*>/g, ' ')))
    .replace(INVISIBLE, '')
    .replace(SPACES_TO_COLLAPSE, ' ')
    .trim();

const HTML_TAG = /<\/?[a-z][a-z0-9]*\b[^>]*>/i;
/** HTML sent escaped (`&lt;p&gt;…`, as Greenhouse's `content` is): its tags are tags once decoded. */
const ESCAPED_HTML_TAG = /&lt;\/?(?:p|div|br|ul|ol|li|h[1-6]|strong|em|b|i|span|a|table)\b[^&]{0,200}?&gt;/i;

/** Text given by a feed that may or may not be HTML (or HTML escaped once more). */
export const descriptionText = (value: string) => {
  let repaired = repairMojibake(value);
  if (!HTML_TAG.test(repaired) && ESCAPED_HTML_TAG.test(repaired)) repaired = decodeEntities(repaired);
  return HTML_TAG.test(repaired) ? htmlToText(repaired) : tidyLines(privateUseBullets(decodeEntities(repaired)));
};

/** Remote OK's "Please mention the word **X** and tag Y when applying …" is for its own applicants. */
export const removeRemoteOkAntiSpam = (text: string) =>
  text
    .replace(/[^\S\n]*Please mention the word\b[^\n]*?when applying[^\n]*/gi, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

// ---------------------------------------------------------------------------------------------
// Field mapping

export interface SalaryRange {
  min?: number | null;
  max?: number | null;
  /** ISO 4217 code; USD when unknown. */
  currency?: string | null;
  /** `annual`, `hourly`, `monthly`, … When unknown, amounts under 1,000 are taken as hourly. */
  period?: string | null;
}

const PERIOD_SUFFIX: Record<string, string> = { hour: '/hour', day: '/day', week: '/week', month: '/month', year: '' };

const periodOf = (period: string | null | undefined, largest: number) => {
  const text = (period ?? '').toLowerCase();
  if (/hour/.test(text)) return 'hour';
  if (/day|daily/.test(text)) return 'day';
  if (/week/.test(text)) return 'week';
  if (/month/.test(text)) return 'month';
  if (/year|annual/.test(text)) return 'year';
  return largest < 1000 ? 'hour' : 'year';
};

/** Making an `Intl.NumberFormat` costs tens of µs: one per currency and precision, made once. */
const moneyFormats = new Map<string, Intl.NumberFormat>();
const money = (amount: number, currency: string) => {
  const digits = Number.isInteger(amount) ? 0 : 2;
  try {
    const key = `${currency}:${digits}`;
    let format = moneyFormats.get(key);
    if (!format) {
      format = new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
      if (moneyFormats.size < 500) moneyFormats.set(key, format);
    }
    return format.format(amount).replace(/\u00a0/g, ' ');
  } catch {
    return `${currency} ${new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(amount)}`;
  }
};

/** "$80,000 - $120,000", "$45/hour", "From €55,200", or null when the feed gives no amount (0 = unknown). */
export function salaryText({ min, max, currency, period }: SalaryRange): string | null {
  const known = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value) && value > 0;
  const low = known(min) ? min : null;
  const high = known(max) ? max : null;
  if (low === null && high === null) return null;
  const code = currency && /^[A-Za-z]{3}$/.test(currency.trim()) ? currency.trim().toUpperCase() : 'USD';
  const suffix = PERIOD_SUFFIX[periodOf(period, Math.max(low ?? 0, high ?? 0))] ?? '';
  if (low !== null && high !== null) {
    const [from, to] = low <= high ? [low, high] : [high, low];
    return from === to ? `${money(from, code)}${suffix}` : `${money(from, code)} - ${money(to, code)}${suffix}`;
  }
  return low !== null ? `From ${money(low, code)}${suffix}` : `Up to ${money(high as number, code)}${suffix}`;
}

type JobType = (typeof JOB_TYPES)[number];
type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number];

/** "Full Time", "FULL_TIME", "Contractor", "Intern" … to the board's job types; null when unknown. */
export function jobTypeFrom(text: string | null | undefined): JobType | null {
  const words = (text ?? '').toLowerCase().replace(/[-_]/g, ' ').replace(/\s+/g, ' ').trim();
  if (!words) return null;
  if (/\bintern(ship)?s?\b/.test(words)) return 'Internship';
  if (/\bpart ?time\b/.test(words)) return 'Part-time';
  if (/\bfreelanc/.test(words)) return 'Freelance';
  if (/\bcontract(or|ors)?\b|\btemporary\b|\btemp\b|\bfixed term\b/.test(words)) return 'Contract';
  if (/\bfull ?time\b|\bpermanent\b/.test(words)) return 'Full-time';
  return null;
}

/** A seniority word to the board's experience levels; null when it names none. */
export function experienceFrom(text: string | null | undefined): ExperienceLevel | null {
  const words = (text ?? '').toLowerCase().replace(/[-_]/g, ' ');
  if (/\b(director|executive|vp|vice president|head of|head|chief|c level|ceo|cto|cfo|coo|cmo|president|partner)\b/.test(words)) return 'Executive level';
  if (/\b(senior|sr|lead|staff|principal|manager|expert)\b/.test(words)) return 'Senior level';
  if (/\b(mid|mid level|intermediate|associate)\b/.test(words)) return 'Mid level';
  if (/\b(entry|entry level|junior|jr|intern|internship|graduate|trainee|apprentice|no experience)\b/.test(words)) return 'Entry level';
  return null;
}

/**
 * A title's level: "Senior …", "Director …", "Junior …". In a title "Manager" and "Account
 * Executive" name a role, not a level.
 */
export const experienceFromTitle = (title: string) => experienceFrom(title.replace(/\baccount executives?\b|\bmanagers?\b/gi, ' '));

/** Tags that describe the contract or the level, not a skill. */
const NOT_SKILLS = new Set([
  'full time', 'part time', 'contract', 'contractor', 'freelance', 'internship', 'intern', 'temporary',
  'senior', 'junior', 'lead', 'leader', 'mid level', 'entry level', 'executive', 'exec', 'remote', 'digital nomad', 'non tech', 'other',
]);

/**
 * Labels as skills, deduplicated ignoring case, without the ones that name a job type or level.
 * `slugs`: labels are URL slugs ("Sales-&-Management" → "Sales & Management", "E-Commerce" kept).
 */
export function skillsFrom(labels: readonly unknown[], { max = MAX_IMPORTED_SKILLS, slugs = false }: { max?: number; slugs?: boolean } = {}): string[] {
  const skills: string[] = [];
  const seen = new Set<string>();
  for (const label of labels) {
    if (typeof label !== 'string') continue;
    let skill = inlineText(label);
    if (slugs) skill = skill.replace(/(?<=\S)-(?=\S)/g, ' ').replace(/\b([A-Z]) (?=[A-Z][a-z])/g, '$1-');
    skill = skill
      .replace(/^[^\p{L}\p{N}.#+]+|[^\p{L}\p{N}.#+)]+$/gu, '')
      .replace(/\s+/g, ' ')
      .slice(0, 100);
    const key = skill.toLowerCase();
    if (!skill || seen.has(key) || NOT_SKILLS.has(key.replace(/-/g, ' '))) continue;
    seen.add(key);
    skills.push(skill);
    if (skills.length === max) break;
  }
  return skills;
}

/** Unix time in seconds (or milliseconds, when it is that large) to ISO 8601. */
export const fromUnixTime = (value: number | null | undefined) => {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return null;
  const date = new Date(value > 1e12 ? value : value * 1000);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
};

export const fromIsoText = (value: string | null | undefined) => {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
};

export const httpUrlOrNull = (value: string | null | undefined) => {
  const trimmed = value?.trim();
  return trimmed && /^https?:\/\/[^\s/]+/i.test(trimmed) ? trimmed : null;
};

/**
 * A link as feeds write it, made absolute: `/jobs/1`, `jobs/1` or `//host/jobs/1` against the
 * feed's own address (its channel link, or the URL it was fetched from); null when it is not an
 * http(s) address and there is nothing to resolve it against (a file's relative link).
 */
export function absoluteUrl(value: string | null | undefined, base: string | null | undefined): string | null {
  const trimmed = value?.trim();
  if (!trimmed || /\s/.test(trimmed)) return null;
  const absolute = httpUrlOrNull(trimmed);
  if (absolute) return absolute;
  // Another scheme (mailto:, javascript:) is not a link people follow to apply.
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed) && !trimmed.startsWith('//')) return null;
  const from = httpUrlOrNull(base);
  if (!from) return null;
  try {
    const resolved = new URL(trimmed, from);
    return /^https?:$/.test(resolved.protocol) ? resolved.href : null;
  } catch {
    return null;
  }
}

const MONTH_FORMATS = ['MMMM d, yyyy', 'MMM d, yyyy', 'MMM. d, yyyy', 'd MMMM yyyy', 'd MMM yyyy', 'd. MMMM yyyy', 'MMMM d yyyy', 'EEE, d MMM yyyy', 'EEEE, MMMM d, yyyy', 'yyyy/MM/dd', 'yyyy.MM.dd', 'yyyyMMdd'];
const TIME_SUFFIXES = ['', ' HH:mm', ' HH:mm:ss', " 'at' h:mm a", ' h:mm a'];
const plausibleYear = (year: number) => year >= 1990 && year <= 2100;
const plausible = (date: DateTime) => date.isValid && plausibleYear(date.year);
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * A date as feeds write it, to ISO 8601 UTC, or null when it cannot be told: ISO 8601 (a time
 * without an offset is UTC), RFC 822 (`Tue, 11 Aug 2026 07:30:41 +0000`), SQL-like (`2026-03-01
 * 10:00:00 UTC`), unix seconds or milliseconds, `16.05.2026`, `May 16, 2026`, `16 May 2026`, and
 * `16/05/2026` or `05/16/2026` when one of the two numbers is over 12 (`05/06/2026` could be
 * either: it is not guessed).
 */
export function dateFrom(value: unknown): string | null {
  if (typeof value === 'number') return fromUnixTime(value);
  if (typeof value !== 'string') return null;
  const text = value.trim().replace(/\s+/g, ' ');
  if (!text) return null;
  // What most feeds write (and `toISOString` does): already the answer when it is a real date of
  // those years; luxon took ~40 µs to say so (ADR 126).
  if (ISO_UTC.test(text) && plausibleYear(Number(text.slice(0, 4))) && fromIsoText(text) === text) return text;
  if (/^\d{9,13}$/.test(text)) return fromUnixTime(Number(text));
  const utc = { zone: 'utc', setZone: true, locale: 'en-US' } as const;
  const candidates = [
    () => DateTime.fromISO(text.replace(/ (?=\d{2}:\d{2})/, 'T').replace(/ ?(UTC|GMT|Z)$/i, 'Z'), utc),
    () => DateTime.fromRFC2822(text.replace(/\b(UT|Z)$/, 'GMT').replace(/ GMT$/, ' +0000'), utc),
    // A weekday that does not match the date (feeds get it wrong) does not lose the date.
    () => DateTime.fromRFC2822(text.replace(/^[A-Za-z]{3}, /, '').replace(/\b(UT|Z)$/, 'GMT').replace(/ GMT$/, ' +0000'), utc),
    () => DateTime.fromHTTP(text, utc),
    () => DateTime.fromSQL(text.replace(/ ?(UTC|GMT)$/i, ''), utc),
  ];
  for (const candidate of candidates) {
    const date = candidate();
    if (plausible(date)) return date.toUTC().toISO();
  }
  const numeric = /^(\d{1,2})([./-])(\d{1,2})\2(\d{4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
  if (numeric) {
    const [, a, separator, b, year, hour, minute, second] = numeric;
    const first = Number(a);
    const next = Number(b);
    // Dots are day first everywhere they are used; slashes and dashes only when a number says which.
    const dayFirst = separator === '.' || first > 12 ? true : next > 12 ? false : null;
    if (dayFirst === null) return null;
    const date = DateTime.fromObject(
      { year: Number(year), month: dayFirst ? next : first, day: dayFirst ? first : next, hour: Number(hour ?? 0), minute: Number(minute ?? 0), second: Number(second ?? 0) },
      { zone: 'utc' },
    );
    return plausible(date) ? date.toISO() : null;
  }
  const words = text.replace(/(\d)(st|nd|rd|th)\b/gi, '$1').replace(/ ?(UTC|GMT)$/i, '');
  for (const format of MONTH_FORMATS) {
    for (const suffix of TIME_SUFFIXES) {
      const date = DateTime.fromFormat(words, format + suffix, utc);
      if (plausible(date)) return date.toUTC().toISO();
    }
  }
  return null;
}

const CURRENCY_SIGNS: Array<[RegExp, string]> = [
  [/US\$|USD|\$/i, 'USD'], [/€|EUR|euros?/i, 'EUR'], [/£|GBP/i, 'GBP'], [/CHF/i, 'CHF'], [/CA\$|C\$|CAD/i, 'CAD'], [/A\$|AUD/i, 'AUD'],
  [/₹|INR/i, 'INR'], [/¥|JPY/i, 'JPY'], [/SEK/i, 'SEK'], [/NOK/i, 'NOK'], [/DKK/i, 'DKK'], [/PLN|zł/i, 'PLN'], [/NZD/i, 'NZD'], [/SGD/i, 'SGD'],
];
/** Words a salary may carry besides its amounts, currency and period. */
const SALARY_WORDS = /\b(per|a|an|the|p\.?\s?a\.?|pa|gross|brutto|base|salary|annual(ly)?|year(ly)?|yr|annum|month(ly)?|mo|week(ly)?|wk|day|daily|hour(ly)?|hr|h|pro|jahr|monat|stunde|from|up|to|bis|between|and|ca\.?|approx\.?|usd|eur|gbp|chf|cad|aud|inr|jpy|sek|nok|dkk|pln|nzd|sgd|us|euros?)\b/gi;

/** "120k", "120,000", "120.000" (thousands by a dot), "60.000,50", "1.5m" to a number. */
function amountOf(text: string): number | null {
  const match = /^(\d+(?:[.,\s]\d{3})*(?:[.,]\d{1,2})?)\s*([km])?$/i.exec(text.trim());
  if (!match) return null;
  let digits = match[1]!.replace(/\s/g, '');
  // The last separator followed by one or two digits is the decimal one; the others group thousands.
  const decimal = /[.,](\d{1,2})$/.exec(digits);
  digits = decimal ? `${digits.slice(0, decimal.index).replace(/[.,]/g, '')}.${decimal[1]}` : digits.replace(/[.,]/g, '');
  const amount = Number(digits) * (match[2]?.toLowerCase() === 'k' ? 1000 : match[2]?.toLowerCase() === 'm' ? 1_000_000 : 1);
  return Number.isFinite(amount) && amount > 0 ? amount : null;
}

/**
 * A salary given as text, written the board's way when it can be read whole ("$120k–$150k" →
 * "$120,000 - $150,000", "€60.000" → "€60,000", "45 USD/hr" → "$45/hour"); text that says more
 * than amounts, a currency and a period ("Competitive", "$120k + equity") is kept as written.
 */
export function salaryFromText(value: string | null | undefined): string | null {
  const text = inlineText(value ?? '');
  if (!text) return null;
  const currency = CURRENCY_SIGNS.find(([sign]) => sign.test(text))?.[1];
  const period = /hour|\bhr\b|\/h\b|stunde/i.test(text) ? 'hour' : /month|\bmo\b|monat/i.test(text) ? 'month' : /week|\bwk\b/i.test(text) ? 'week' : /\bday\b|daily/i.test(text) ? 'day' : /year|annual|annum|\byr\b|p\.?\s?a\.?\b|jahr/i.test(text) ? 'year' : null;
  const numbers = [...text.matchAll(/\d+(?:[.,\s]\d{3})*(?:[.,]\d{1,2})?\s*[km]?\b/gi)].map((match) => match[0]);
  const rest = text
    .replace(/\d+(?:[.,\s]\d{3})*(?:[.,]\d{1,2})?\s*[km]?\b/gi, ' ')
    .replace(/US\$|CA\$|C\$|A\$|[$€£¥₹]|zł|CHF/gi, ' ')
    .replace(SALARY_WORDS, ' ')
    .replace(/[-–—~/+().,:\s]/g, '');
  if (!currency || rest !== '' || numbers.length === 0 || numbers.length > 2) return text.slice(0, 200);
  const amounts = numbers.map(amountOf);
  if (amounts.some((amount) => amount === null)) return text.slice(0, 200);
  // "$120-150k": the suffix of the second amount is the first's too.
  if (amounts.length === 2 && /k\s*$/i.test(numbers[1]!) && !/k\s*$/i.test(numbers[0]!) && amounts[0]! < 1000) amounts[0] = amounts[0]! * 1000;
  const [min, max] = amounts.length === 2 ? amounts : [amounts[0], amounts[0]];
  return salaryText({ min, max, currency, period }) ?? text.slice(0, 200);
}

// ---------------------------------------------------------------------------------------------
// Formats

const looseNumber = z
  .union([z.number(), z.string().trim().regex(/^\d+(\.\d+)?$/).transform(Number)])
  .nullish()
  .catch(null);
const looseText = z.string().nullish().catch(null);
const looseList = z.array(z.unknown()).nullish().catch(null);
const externalIdOf = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : typeof value === 'number' ? String(value) : null);

/** Issues of a failed parse, as one line ("title: title is required (text); …"). */
const describeIssues = (error: z.ZodError) =>
  error.issues
    .map((issue) => {
      const path = issue.path.map(String).join('.');
      return path && !issue.message.startsWith(path) ? `${path}: ${issue.message}` : issue.message;
    })
    .join('; ');

/** The fields every job needs once cleaned; a blank one skips the item. */
const missingFields = (content: JobContent) =>
  (['title', 'company', 'location', 'description'] as const).filter((field) => !content[field].trim());

export type ItemResult = { job: ImportedJob } | { skip: string };

/** What an item is read against: the address relative links are resolved against (the feed's URL, when it was fetched). */
export interface ItemContext {
  baseUrl?: string | null;
}

export const finish = (job: ImportedJob): ItemResult => {
  const missing = missingFields(job.content);
  return missing.length ? { skip: `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} empty` } : { job };
};

/**
 * How one format reads its items: the place of an item in the document, its id (when it has
 * one) and the job it makes, or why it is skipped. The same for a document in memory and a
 * stream read item by item (feed-reader.ts).
 */
export interface ItemReader {
  readonly format: FeedFormat;
  readonly source: JobSource;
  /** Where the item at `index` of the list sits, e.g. `jobs[3]` (Remote OK: `[3]`, the notice counted). */
  label(index: number): string;
  /** Not an item at all (Remote OK's legal notice): left out, not skipped. */
  ignore(item: unknown): boolean;
  idOf(item: unknown): string | null;
  toJob(item: unknown, context?: ItemContext): ItemResult;
}

/** What became of one item, as `ItemCollector.add` answers it. */
export type Collected = { job: ImportedJob } | { skipped: SkippedItem } | { ignored: true };

/**
 * Runs items through a format's reader one at a time: a bad item is skipped with its reason, a
 * second job with an external id already seen is skipped as a duplicate (the first wins). It
 * keeps only the external ids it has seen, so a stream of any length goes through it.
 */
export class ItemCollector {
  private readonly externalIds = new Set<string>();
  constructor(
    readonly reader: ItemReader,
    private readonly context: ItemContext = {},
  ) {}

  add(index: number, item: unknown): Collected {
    const { reader } = this;
    if (reader.ignore(item)) return { ignored: true };
    let result: ItemResult;
    try {
      result = reader.toJob(item, this.context);
    } catch (error) {
      result = { skip: `could not be read: ${error instanceof Error ? error.message : String(error)}` };
    }
    // The id only for a skipped item: a format read by its fields (XML) reads them all to find it (ADR 126).
    if ('skip' in result) return { skipped: { item: reader.label(index), externalId: reader.idOf(item), reason: result.skip } };
    if (this.externalIds.has(result.job.externalId)) {
      return {
        skipped: { item: reader.label(index), externalId: result.job.externalId, reason: `duplicate of an earlier job with id ${JSON.stringify(result.job.externalId)} (the first is kept)` },
      };
    }
    this.externalIds.add(result.job.externalId);
    return { job: result.job };
  }
}

/** Every item of a document in memory through `reader`. */
function collect(reader: ItemReader, items: readonly unknown[]) {
  const collector = new ItemCollector(reader);
  const jobs: ImportedJob[] = [];
  const skipped: SkippedItem[] = [];
  items.forEach((item, index) => {
    const result = collector.add(index, item);
    if ('job' in result) jobs.push(result.job);
    else if ('skipped' in result) skipped.push(result.skipped);
  });
  return { format: reader.format, source: reader.source, jobs, skipped };
}

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The name of an organisation given as text or as an object (`{ "name": "Acme", "url": … }`, schema.org's `hiringOrganization`). */
export function organisationName(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.length > 0 ? organisationName(value[0]) : null;
  if (!isRecord(value)) return null;
  for (const key of ['name', 'displayName', 'legalName', 'title', 'companyName']) {
    const name = value[key];
    if (typeof name === 'string' && name.trim()) return name;
  }
  return null;
}

/**
 * An item whose company is an object with a name (`"company": { "name": "Acme", "logo": … }`)
 * read as if the name were given as text; any other value is left for the schema to report.
 */
function withCompanyName(item: unknown, field: string): unknown {
  if (!isRecord(item)) return item;
  const value = item[field] ?? (field === 'company' ? (item.hiringOrganization ?? item.organization ?? item.employer) : undefined);
  if (typeof value === 'string') return item;
  const name = organisationName(value);
  return name === null ? item : { ...item, [field]: name };
}

/** The envelope of a Hireloop feed (a wrong source fails the whole document). */
export function hireloopEnvelope(document: unknown): { source: HireloopFeedSource; jobs: unknown[] } {
  const envelope = HireloopFeedEnvelope.safeParse(document);
  if (!envelope.success) throw new FeedFormatError(`Not a valid Hireloop feed: ${describeIssues(envelope.error)}`);
  return envelope.data;
}

/**
 * Values that are not the documented form but say plainly what they mean: a relative `url`
 * (resolved against the feed's address, or left out when there is none), a date such as
 * `16.05.2026` or `May 16, 2026` (read by `dateFrom`). Anything else is left for the schema to report.
 */
function withOddValues(item: unknown, context: ItemContext | undefined): unknown {
  if (!isRecord(item)) return item;
  let fixed: Record<string, unknown> | null = null;
  if (typeof item.url === 'string' && item.url.trim() && !httpUrlOrNull(item.url)) {
    fixed = { ...item, url: absoluteUrl(item.url, context?.baseUrl) };
  }
  for (const field of ['postedAt', 'validThrough']) {
    const value = item[field];
    if ((typeof value === 'string' && value.trim() && !/^\d{4}-\d{2}-\d{2}(T.*(Z|[+-]\d{2}:?\d{2}))?$/.test(value.trim())) || typeof value === 'number') {
      fixed = { ...(fixed ?? item), [field]: dateFrom(value) ?? value };
    }
  }
  return fixed ?? item;
}

export const hireloopItems = (source: HireloopFeedSource): ItemReader => ({
  format: 'hireloop',
  source,
  label: (index) => `jobs[${index}]`,
  ignore: () => false,
  idOf: (item) => (isRecord(item) ? externalIdOf(item.externalId) : null),
  toJob: (item, context) => {
    const result = HireloopFeedJob.safeParse(withCompanyName(withOddValues(item, context), 'company'));
    if (!result.success) return { skip: describeIssues(result.error) };
    const job = result.data;
    const benefits = job.benefits === null ? null : descriptionText(job.benefits) || null;
    return finish({
      source,
      externalId: job.externalId,
      externalUrl: job.url,
      postedAt: job.postedAt,
      validThrough: job.validThrough,
      content: {
        title: inlineText(job.title),
        company: inlineText(job.company),
        location: inlineText(job.location),
        // Text "as it should be shown" (docs/import-format.md): the partner's own words are kept.
        salary: job.salary === null ? null : inlineText(job.salary) || null,
        type: job.type,
        remote: job.remote,
        description: descriptionText(job.description),
        requirements: job.requirements.map(inlineText).filter(Boolean),
        skills: skillsFrom(job.skills, { max: 100 }),
        experience: job.experience,
        benefits,
      },
    });
  },
});

export function parseHireloopFeed(document: unknown): ParsedFeed {
  const { source, jobs } = hireloopEnvelope(document);
  return collect(hireloopItems(source), jobs);
}

const RemoteOkJob = z.object({
  id: z
    .union([z.string(), z.number()], { error: 'id is required' })
    .transform((value) => String(value).trim())
    .pipe(z.string().min(1, 'id must not be empty')),
  position: z.string({ error: 'position is required (text)' }),
  company: z.string({ error: 'company is required (text)' }),
  description: looseText,
  location: looseText,
  tags: looseList,
  salary_min: looseNumber,
  salary_max: looseNumber,
  epoch: looseNumber,
  date: looseText,
  url: looseText,
  apply_url: looseText,
});

/** The API's first item is its terms of use, not a job. */
export const isRemoteOkNotice = (item: unknown) => isRecord(item) && !('id' in item) && ('legal' in item || 'last_updated' in item);

export const remoteOkItems: ItemReader = {
  format: 'remoteok',
  source: 'remoteok',
  label: (index) => `[${index}]`,
  ignore: isRemoteOkNotice,
  idOf: (item) => (isRecord(item) ? externalIdOf(item.id) : null),
  toJob: (item) => {
    const result = RemoteOkJob.safeParse(withCompanyName(item, 'company'));
    if (!result.success) return { skip: describeIssues(result.error) };
    const job = result.data;
    const title = inlineText(job.position);
    const tags = (job.tags ?? []).filter((tag): tag is string => typeof tag === 'string');
    const tagText = tags.join(' ');
    return finish({
      source: 'remoteok',
      externalId: job.id,
      // Remote OK's terms ask for a link back to its page, so the job links there.
      externalUrl: httpUrlOrNull(job.url) ?? httpUrlOrNull(job.apply_url),
      postedAt: fromIsoText(job.date) ?? fromUnixTime(job.epoch),
      validThrough: null,
      content: {
        title,
        company: inlineText(job.company),
        location: inlineText(job.location ?? '') || ANYWHERE,
        salary: salaryText({ min: job.salary_min, max: job.salary_max, currency: 'USD' }),
        // No employment type in this API: the tags may say, and a title may say intern, part-time or freelance.
        type: jobTypeFrom(tagText) ?? (/\b(intern(ship)?|part[- ]time|freelance)\b/i.test(title) ? jobTypeFrom(title) : null) ?? DEFAULT_JOB_TYPE,
        remote: true,
        description: removeRemoteOkAntiSpam(descriptionText(job.description ?? '')),
        requirements: [],
        skills: skillsFrom(tags),
        // Its tags are too loose for a level ("senior" on an account executive): the title decides.
        experience: experienceFromTitle(title) ?? DEFAULT_EXPERIENCE,
        benefits: null,
      },
    });
  },
};

export function parseRemoteOkFeed(document: readonly unknown[]): ParsedFeed {
  return collect(remoteOkItems, document);
}

const HimalayasJob = z.object({
  title: z.string({ error: 'title is required (text)' }),
  companyName: z.string({ error: 'companyName is required (text)' }),
  excerpt: looseText,
  description: looseText,
  employmentType: looseText,
  minSalary: looseNumber,
  maxSalary: looseNumber,
  currency: looseText,
  salaryPeriod: looseText,
  seniority: looseList,
  locationRestrictions: looseList,
  categories: looseList,
  pubDate: looseNumber,
  expiryDate: looseNumber,
  applicationLink: looseText,
  guid: looseText,
});

const himalayasIdOf = (item: unknown) => (isRecord(item) ? (externalIdOf(item.guid) ?? externalIdOf(item.applicationLink)) : null);

/** A place may be a name or, in some API versions, an object with a name. */
const placeName = (place: unknown) => (typeof place === 'string' ? place : isRecord(place) && typeof place.name === 'string' ? place.name : '');

export const himalayasItems: ItemReader = {
  format: 'himalayas',
  source: 'himalayas',
  label: (index) => `jobs[${index}]`,
  ignore: () => false,
  idOf: himalayasIdOf,
  toJob: (item) => {
    const result = HimalayasJob.safeParse(withCompanyName(item, 'companyName'));
    if (!result.success) return { skip: describeIssues(result.error) };
    const job = result.data;
    const externalId = himalayasIdOf(item);
    if (!externalId) return { skip: 'guid is required: the id of the job' };
    const places = (job.locationRestrictions ?? []).map((place) => inlineText(placeName(place))).filter(Boolean);
    const seniority = (job.seniority ?? []).filter((level): level is string => typeof level === 'string');
    return finish({
      source: 'himalayas',
      externalId,
      externalUrl: httpUrlOrNull(job.applicationLink) ?? httpUrlOrNull(job.guid),
      postedAt: fromUnixTime(job.pubDate),
      validThrough: fromUnixTime(job.expiryDate),
      content: {
        title: inlineText(job.title),
        company: inlineText(job.companyName),
        location: [...new Set(places)].join(', ') || ANYWHERE,
        salary: salaryText({ min: job.minSalary, max: job.maxSalary, currency: job.currency, period: job.salaryPeriod }),
        type: jobTypeFrom(job.employmentType) ?? DEFAULT_JOB_TYPE,
        remote: true,
        description: descriptionText(job.description ?? '') || descriptionText(job.excerpt ?? ''),
        requirements: [],
        skills: skillsFrom(job.categories ?? [], { slugs: true }),
        experience: seniority.map(experienceFrom).find((level) => level !== null) ?? DEFAULT_EXPERIENCE,
        benefits: null,
      },
    });
  },
};

export function parseHimalayasFeed(document: { jobs: readonly unknown[] }): ParsedFeed {
  return collect(himalayasItems, document.jobs);
}

/** Which format a parsed JSON document is in, or null when it is none of them. */
export function detectFeedFormat(document: unknown): 'hireloop' | 'remoteok' | 'himalayas' | null {
  if (Array.isArray(document)) return 'remoteok';
  if (!isRecord(document) || !('jobs' in document)) return null;
  return 'source' in document ? 'hireloop' : 'himalayas';
}

export function parseFeedDocument(document: unknown): ParsedFeed {
  const format = detectFeedFormat(document);
  switch (format) {
    case 'hireloop':
      return parseHireloopFeed(document);
    case 'remoteok':
      return parseRemoteOkFeed(document as unknown[]);
    case 'himalayas': {
      const { jobs } = document as { jobs: unknown };
      if (!Array.isArray(jobs)) throw new FeedFormatError('Not a valid Himalayas page: jobs must be a list');
      return parseHimalayasFeed({ jobs });
    }
    case null:
      throw new FeedFormatError(
        'Unrecognised feed: expected a Hireloop feed ({ "source": …, "jobs": [ … ] }), a Remote OK API array, a Himalayas API page ({ "jobs": [ … ] }), a JSON Feed ({ "items": [ … ] }), RSS or Atom',
      );
  }
}

/** Parses the text of a feed; throws FeedFormatError when it is not JSON or not a known format. */
export function parseFeed(text: string): ParsedFeed {
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (!trimmed) throw new FeedFormatError('The feed is empty');
  let document: unknown;
  try {
    document = JSON.parse(trimmed);
  } catch (error) {
    throw new FeedFormatError(`The feed is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  return parseFeedDocument(document);
}
