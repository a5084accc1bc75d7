/*
 * Dates and date ranges as resumes write them, in English, French, Spanish, German,
 * Portuguese, Italian, Russian and Chinese: "Sep. 2023 – Mar. 2024", "Sep. 2023 Mar. 2024" (no dash),
 * "03/2019 – present", "2016/09", "2015 - 2017", "since January 2016", "Summer 2017",
 * "2015 年 3 月 – 至今", and template placeholders ("year–year", "Month 20XX – Ongoing").
 *
 * chrono-node was tried first (ADR 047): it reads English month names well but not bare years
 * ("2015 - 2017"), "2016/09", seasons or French months, which is most of what resumes print,
 * so the grammar is written here and each date is turned into a month number by it too.
 */

const MONTHS: ReadonlyArray<readonly string[]> = [
  ['jan', 'january', 'janv', 'janvier', 'ene', 'enero', 'januar', 'jän', 'jänner', 'janeiro', 'gen', 'gennaio', 'янв', 'январь', 'января'],
  ['feb', 'february', 'févr', 'fevr', 'février', 'fevrier', 'febrero', 'februar', 'fev', 'fevereiro', 'febbraio', 'фев', 'февр', 'февраль', 'февраля'],
  ['mar', 'march', 'mars', 'marzo', 'märz', 'maerz', 'mär', 'março', 'marco', 'март', 'марта'],
  ['apr', 'april', 'avr', 'avril', 'abr', 'abril', 'aprile', 'апр', 'апрель', 'апреля'],
  ['may', 'mai', 'mayo', 'maio', 'mag', 'maggio', 'май', 'мая'],
  ['jun', 'june', 'juin', 'junio', 'juni', 'junho', 'giu', 'giugno', 'июнь', 'июня'],
  ['jul', 'july', 'juil', 'juillet', 'julio', 'juli', 'julho', 'lug', 'luglio', 'июль', 'июля'],
  ['aug', 'august', 'août', 'aout', 'ago', 'agosto', 'aug', 'авг', 'август', 'августа'],
  ['sep', 'sept', 'september', 'septembre', 'septiembre', 'setembro', 'set', 'settembre', 'сен', 'сент', 'сентябрь', 'сентября'],
  ['oct', 'october', 'octobre', 'octubre', 'okt', 'oktober', 'out', 'outubro', 'ott', 'ottobre', 'окт', 'октябрь', 'октября'],
  ['nov', 'november', 'novembre', 'noviembre', 'novembro', 'ноя', 'нояб', 'ноябрь', 'ноября'],
  ['dec', 'december', 'déc', 'decembre', 'décembre', 'dic', 'diciembre', 'dez', 'dezember', 'dezembro', 'dicembre', 'дек', 'декабрь', 'декабря'],
];
const SEASONS: Record<string, number> = { spring: 3, summer: 6, fall: 9, autumn: 9, winter: 0 };

const MONTH_OF = new Map<string, number>(MONTHS.flatMap((names, month) => names.map((name) => [name, month] as const)));
const MONTH_NAME = [...MONTH_OF.keys(), ...Object.keys(SEASONS)]
  .sort((a, b) => b.length - a.length)
  .map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  .join('|');

const YEAR = '(?:19|20)\\d{2}';
const PLACEHOLDER = '(?:20XX|19XX|yyyy|year|año|ano|jahr|année|年)';
/** One date. Alternatives are tried left to right, so the most specific come first. */
const DATE_TOKEN = [
  `(?:${MONTH_NAME})\\.?,?\\s*(?:'|’)?${YEAR}`, // Sep. 2023, March 2019
  `(?:${MONTH_NAME})\\.?\\s*(?:'|’)\\d{2}\\b`, // Sep '15
  `${YEAR}\\s*年(?:\\s*\\d{1,2}\\s*月)?`, // 2015 年 3 月
  `\\b\\d{1,2}\\s*[/.]\\s*${YEAR}`, // 03/2019, 03.2019
  `${YEAR}\\s*[/.]\\s*\\d{1,2}(?!\\d)`, // 2016/09, 2011 / 11
  `\\b${YEAR}(?!\\d)`, // 2015
].join('|');
/** Template placeholders ("year–year", "Month 20XX – Ongoing") are read inside ranges only. */
const RANGE_TOKEN = `${DATE_TOKEN}|(?:Month\\s+)?${PLACEHOLDER}`;
/** "Sep 15" (two-digit year) is read only inside a range, where it cannot be a day. */
const SHORT_TOKEN = `(?:${MONTH_NAME})\\.?\\s+\\d{2}(?![\\d:])`;
/** "Present" in the words resumes use, "to date" and "till now" included, apostrophes straight or curly. */
const PRESENT =
  "(?:to|till|until|up to)\\s+(?:date|now)|present|current(?:ly)?|now|today|ongoing|date|heute|aktuell|jetzt|dato|actuel(?:lement)?|aujourd['’]hui|présent|presente|actualidad|actual|atual|hoy|oggi|attuale|heden|obecnie|(?:по\\s+)?наст(?:оящее)?\\.?\\s*время|н\\.\\s?в\\.|сейчас|至今|现在|今";
const DASH = '\\s*(?:[-–—‑~]+|to|until|till|bis|à|au|a|hasta|até)\\s*';
const SINCE = 'since|seit|depuis|desde|dès|from';

/** "2023-08" (ISO year and month), read only inside a range: alone, "2012-13" is two years. */
const ISO_MONTH = `${YEAR}-(?:0[1-9]|1[0-2])(?![\\d-])`;

/** A student's end date not reached yet: "Aug 2021 – Expected May 2025", "Mar. 2016 Exp. Jun. 2017". */
const EXPECTED = '(?:(?:expected|exp\\.?|anticipated|est\\.)\\s+)?';

const RANGE = new RegExp(
  `(?<![\\w/])(${ISO_MONTH}(?=${DASH}(?:${ISO_MONTH}|${PRESENT}))|(?:${MONTH_NAME})\\.?(?=${DASH}(?:${MONTH_NAME})\\.?,?\\s*${YEAR})|${RANGE_TOKEN}|${SHORT_TOKEN}(?=${DASH}(?:${SHORT_TOKEN}|${PRESENT})))(?:${DASH}${EXPECTED}(${ISO_MONTH}|${RANGE_TOKEN}|${SHORT_TOKEN}|${PRESENT})|\\s+${EXPECTED}((?:${MONTH_NAME})\\.?\\s*${YEAR}|${PRESENT}))(?![\\w/])`,
  'iu',
);
const SINCE_DATE = new RegExp(`\\b(?:${SINCE})\\s+(${DATE_TOKEN})(?![\\w/])`, 'iu');
const OPEN_RANGE = new RegExp(`(?<![\\w/])(${RANGE_TOKEN})${DASH}$`, 'iu');
/** A date opening or closing a line as its own field: "2016 / 09 - University of Bremen", "Getoq Consulting, 2011 / 11". */
const EDGE_DATE = new RegExp(`^(${DATE_TOKEN})\\s*(?:[-–—|:,]\\s+|\\s+(?=\\p{Lu}))|(?:[,|]|\\s[-–—])\\s*(${DATE_TOKEN})\\s*$`, 'iu');
const SINGLE = new RegExp(`(?<![\\w/])(${DATE_TOKEN})(?![\\w/])`, 'iu');
const PRESENT_ONLY = new RegExp(`^(?:${PRESENT})$`, 'iu');

export interface DateSpan {
  /** The text as written, such as "Sep. 2023 – Present". */
  readonly text: string;
  readonly index: number;
  readonly start: string;
  /** Empty for a single date. */
  readonly end: string;
  readonly kind: 'range' | 'since' | 'single';
}

/** The first date range in a line, else a "since" date, else (when allowed) a single date. */
export const findDateSpan = (line: string, options: { single?: boolean } = {}): DateSpan | undefined => {
  const range = RANGE.exec(line);
  if (range) {
    const end = range[2] ?? range[3] ?? '';
    // "2015 2017" with no dash is two numbers, not a range; month names make it a range.
    return { text: range[0], index: range.index, start: range[1] ?? '', end, kind: 'range' };
  }
  const since = SINCE_DATE.exec(line);
  if (since) return { text: since[0], index: since.index, start: since[1] ?? '', end: 'present', kind: 'since' };
  const open = OPEN_RANGE.exec(line);
  if (open) return { text: open[0], index: open.index, start: open[1] ?? '', end: 'present', kind: 'since' };
  const edge = EDGE_DATE.exec(line);
  if (edge) {
    const token = edge[1] ?? edge[2] ?? '';
    return { text: token, index: line.indexOf(token, edge.index), start: token, end: '', kind: 'single' };
  }
  if (options.single) {
    const single = SINGLE.exec(line);
    if (single) return { text: single[0], index: single.index, start: single[1] ?? '', end: '', kind: 'single' };
  }
  return undefined;
};

/** True for a line that is only a date or a range (dates printed on their own line). */
export const isDateLine = (line: string): boolean => {
  const span = findDateSpan(line, { single: true });
  if (!span) return false;
  const rest = (line.slice(0, span.index) + line.slice(span.index + span.text.length))
    .replace(/\b(?:19|20)\d{2}\b|\b(?:and|und|et|y|e)\b|&/gi, '')
    .replace(/[\s|,.;:()–—-]+/g, '');
  return rest.length <= 3;
};

export const isPresent = (text: string): boolean => PRESENT_ONLY.test(text.trim());

/** A date as a month number (year × 12 + month), "present" as `now`; undefined when unreadable. */
export const monthNumber = (text: string, now: Date): number | undefined => {
  const date = text.trim().toLowerCase();
  if (date === '' ) return undefined;
  if (isPresent(date)) return now.getUTCFullYear() * 12 + now.getUTCMonth();
  const year = /(?:19|20)\d{2}/.exec(date);
  let yearValue: number | undefined = year ? Number(year[0]) : undefined;
  const twoDigit = /['’](\d{2})\b/.exec(date) ?? /^\p{L}+\.?\s+(\d{2})$/u.exec(date);
  if (yearValue === undefined && twoDigit) yearValue = 2000 + Number(twoDigit[1]);
  if (yearValue === undefined) return undefined;
  const name = /\p{L}+/u.exec(date.replace(/(?:19|20)\d{2}/, ''))?.[0];
  let month = name === undefined ? undefined : (MONTH_OF.get(name) ?? SEASONS[name]);
  if (month === undefined) {
    const numeric = /^(\d{1,2})\s*[/.]\s*(?:19|20)\d{2}|(?:19|20)\d{2}\s*[/.-]\s*(\d{1,2})|年\s*(\d{1,2})\s*月/.exec(date);
    const value = Number(numeric?.[1] ?? numeric?.[2] ?? numeric?.[3] ?? 0);
    if (value >= 1 && value <= 12) month = value - 1;
  }
  return yearValue * 12 + (month ?? 0);
};

/** The span's end as a month number, for ordering jobs newest first; a single date is its start. */
export const endMonth = (span: DateSpan, now: Date): number =>
  monthNumber(span.end, now) ?? monthNumber(span.start, now) ?? -1;

/** True for a month or season name in one of the languages above ("Sept.", "März"). */
export const isMonthName = (word: string): boolean => {
  const key = word.toLowerCase().replace(/[.(]/g, '');
  return MONTH_OF.has(key) || key in SEASONS;
};
