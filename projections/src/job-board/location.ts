/**
 * The board's location rules (spec part 1, §5), split in two: what a job's location says is
 * computed once by the projection (`locationFlags`), and what a search asks for is parsed per
 * request (`parseLocationQuery`), so the query is a few indexed conditions.
 */

const STATES: ReadonlyArray<readonly [name: string, abbreviation: string]> = [
  ['alabama', 'AL'], ['alaska', 'AK'], ['arizona', 'AZ'], ['arkansas', 'AR'], ['california', 'CA'],
  ['colorado', 'CO'], ['connecticut', 'CT'], ['delaware', 'DE'], ['florida', 'FL'], ['georgia', 'GA'],
  ['hawaii', 'HI'], ['idaho', 'ID'], ['illinois', 'IL'], ['indiana', 'IN'], ['iowa', 'IA'],
  ['kansas', 'KS'], ['kentucky', 'KY'], ['louisiana', 'LA'], ['maine', 'ME'], ['maryland', 'MD'],
  ['massachusetts', 'MA'], ['michigan', 'MI'], ['minnesota', 'MN'], ['mississippi', 'MS'], ['missouri', 'MO'],
  ['montana', 'MT'], ['nebraska', 'NE'], ['nevada', 'NV'], ['new hampshire', 'NH'], ['new jersey', 'NJ'],
  ['new mexico', 'NM'], ['new york', 'NY'], ['north carolina', 'NC'], ['north dakota', 'ND'], ['ohio', 'OH'],
  ['oklahoma', 'OK'], ['oregon', 'OR'], ['pennsylvania', 'PA'], ['rhode island', 'RI'], ['south carolina', 'SC'],
  ['south dakota', 'SD'], ['tennessee', 'TN'], ['texas', 'TX'], ['utah', 'UT'], ['vermont', 'VT'],
  ['virginia', 'VA'], ['washington', 'WA'], ['west virginia', 'WV'], ['wisconsin', 'WI'], ['wyoming', 'WY'],
  ['district of columbia', 'DC'], ['puerto rico', 'PR'],
];

const STATE_ABBREVIATIONS = new Set(STATES.map(([, abbreviation]) => abbreviation));

/** Countries and regions that make a location non-US, unless it also names the US outright. */
const NON_US_PLACES = [
  'canada', 'mexico', 'united kingdom', 'uk', 'england', 'scotland', 'wales', 'ireland', 'germany', 'france',
  'spain', 'portugal', 'italy', 'netherlands', 'belgium', 'switzerland', 'austria', 'sweden', 'norway',
  'denmark', 'finland', 'poland', 'czech republic', 'czechia', 'romania', 'ukraine', 'greece', 'turkey',
  'israel', 'india', 'pakistan', 'bangladesh', 'china', 'japan', 'korea', 'singapore', 'philippines',
  'vietnam', 'indonesia', 'malaysia', 'thailand', 'australia', 'new zealand', 'brazil', 'argentina',
  'colombia', 'chile', 'peru', 'south africa', 'nigeria', 'kenya', 'egypt', 'europe', 'emea', 'apac',
  'latam', 'asia', 'africa', 'united arab emirates', 'uae',
];

const words = (text: string) => text.toLowerCase().replace(/[^a-z0-9.]+/g, ' ').trim();
const containsPhrase = (haystack: string, phrase: string) => ` ${haystack} `.includes(` ${phrase} `);

/** Explicit US wording: "United States", "USA", "U.S.", "US", "America(n)". */
const US_WORDING = /\b(united states|usa|u\.s\.a?\.?|us|america|american)\b/;

export interface LocationFlags {
  /** Remote jobs: the job says so, or its location does. */
  isRemote: boolean;
  /** The location says global or worldwide. */
  isGlobal: boolean;
  /** Located in the US by state name or abbreviation, ZIP code or US wording, and not elsewhere. */
  isUS: boolean;
}

/**
 * `containsPhrase(text, one of phrases)` as one regular expression: `words` leaves single spaces
 * between words and none at the ends, so a phrase is a whole run of words when a space or an end
 * of the text is on each side. One pass over the text instead of one per phrase: the projection
 * computes this for every job a rebuild applies (ADR 100).
 */
const anyPhrase = (phrases: readonly string[]): RegExp =>
  new RegExp(`(?:^| )(?:${phrases.map((phrase) => phrase.replace(/[.]/g, '\\.')).join('|')})(?= |$)`);
const STATE_NAME = anyPhrase(STATES.map(([name]) => name));
const NON_US_PLACE = anyPhrase(NON_US_PLACES);
const CAPITALS = /\b([A-Z]{2})\b/g;

/** What a location's text says, whether the job says it is remote or not. */
type LocationSays = Readonly<{ remote: boolean; global: boolean; us: boolean }>;

// Abbreviations count only in capitals ("Austin, TX"), so "in" or "or" in a sentence do not.
function stateAbbreviation(location: string): boolean {
  for (const match of location.matchAll(CAPITALS)) if (STATE_ABBREVIATIONS.has(match[1]!)) return true;
  return false;
}

function locationSays(location: string): LocationSays {
  const text = words(location);
  const usPlace = STATE_NAME.test(text) || stateAbbreviation(location) || /\b\d{5}(?:-\d{4})?\b/.test(location);
  return {
    remote: /\bremote\b/.test(text),
    global: /\b(global|globally|worldwide)\b/.test(text),
    us: US_WORDING.test(text) || (usPlace && !NON_US_PLACE.test(text)),
  };
}

/**
 * `locationSays` by location, for the last few thousand different ones: jobs share a few
 * locations, and a rebuild asks for every job's (ADR 125). Emptied when full, so it stays small.
 */
const SAID_REMEMBERED = 4096;
const said = new Map<string, LocationSays>();

export function locationFlags(location: string, remote: boolean): LocationFlags {
  let says = said.get(location);
  if (!says) {
    says = locationSays(location);
    if (said.size >= SAID_REMEMBERED) said.clear();
    said.set(location, says);
  }
  return { isRemote: remote || says.remote, isGlobal: says.global, isUS: says.us };
}

/** The rule above as first written, phrase by phrase: the reference the unit test holds `locationFlags` to. */
export function locationFlagsByPhrase(location: string, remote: boolean): LocationFlags {
  const text = words(location);
  const usWording = US_WORDING.test(text);
  const stateName = STATES.some(([name]) => containsPhrase(text, name));
  const stateAbbreviation = [...location.matchAll(/\b([A-Z]{2})\b/g)].some((match) => STATE_ABBREVIATIONS.has(match[1]!));
  const zip = /\b\d{5}(?:-\d{4})?\b/.test(location);
  const elsewhere = NON_US_PLACES.some((place) => containsPhrase(text, place));
  return {
    isRemote: remote || /\bremote\b/.test(text),
    isGlobal: /\b(global|globally|worldwide)\b/.test(text),
    isUS: usWording || ((stateName || stateAbbreviation || zip) && !elsewhere),
  };
}

export interface LocationQuery {
  remote: boolean;
  global: boolean;
  us: boolean;
  /** Other words: each must appear in the location (substring, case-insensitive). */
  words: string[];
}

const US_TERMS = new Set(['usa', 'us', 'u.s.', 'u.s.a.', 'u.s', 'u.s.a']);

/** Words separated by commas or spaces; every part must hold (see docs/decisions). */
export function parseLocationQuery(input: string): LocationQuery {
  let text = input.toLowerCase().trim();
  const query: LocationQuery = { remote: false, global: false, us: false, words: [] };
  if (/\bunited\s+states\b/.test(text)) {
    query.us = true;
    text = text.replace(/\bunited\s+states\b/g, ' ');
  }
  for (const word of text.split(/[\s,]+/).filter(Boolean)) {
    if (word === 'remote') query.remote = true;
    else if (word === 'global' || word === 'worldwide') query.global = true;
    else if (US_TERMS.has(word)) query.us = true;
    else if (!query.words.includes(word)) query.words.push(word);
  }
  return query;
}
