import { findPhoneNumbersInText, getCountries, type CountryCode } from 'libphonenumber-js';
import { headingOf } from './resume-sections';
import { titleScore } from './job-titles';

/*
 * Contact fields of a resume's top block: email, phone, links, location and the name.
 * Text from Word files runs fields together ("…@gmail.comLocation"), so an address ends where
 * a capital letter follows its top-level domain; a phone is read by libphonenumber with the
 * resume's country as default region, and a masked or placeholder number ("+49 176 *** ***",
 * "000-00-0000") by its shape when it sits in the contact block.
 */

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.(?:[a-z]{2,}(?![a-z])|[A-Z]{2,}(?![A-Za-z]))/;

/** LinkedIn's PDF wraps a long address in its narrow column: "name@host.ed" then "u". */
/**
 * An address written to fool harvesters, as people write it on resumes they post: "name [at]
 * domain [dot] com", "name(at)domain.com", "name at domain dot com", "name＠domain.com". The
 * bracketed words are read anywhere; a bare " at " only with a bare " dot " after it, in the shape
 * of a whole address, so "Engineer at Acme" and "Developer at Booking.com" stay sentences.
 */
export const deobfuscateEmail = (line: string): string => {
  const bracketed = line
    .replace(/＠/g, '@')
    .replace(/\s*[[({<]\s*(?:at|@)\s*[\])}>]\s*/gi, '@')
    .replace(/\s*[[({<]\s*(?:dot|\.)\s*[\])}>]\s*/gi, '.');
  return bracketed.replace(
    /(?<![\w.+-])([A-Za-z0-9._%+-]+)\s+(?:at|AT)\s+([A-Za-z0-9-]+(?:(?:\s+(?:dot|DOT)\s+|\.)[A-Za-z0-9-]+)*(?:\s+(?:dot|DOT)\s+|\.)[A-Za-z]{2,6})(?![\w.])/g,
    (whole, local: string, domain: string) => (/\s(?:dot|DOT)\s/.test(domain) ? `${local}@${domain.replace(/\s+(?:dot|DOT)\s+/g, '.')}` : whole),
  );
};

export const findEmail = (given: readonly string[]): string => {
  const lines = given.some((line) => EMAIL.test(line)) ? given : given.map(deobfuscateEmail);
  const index = lines.findIndex((line) => EMAIL.test(line));
  if (index < 0) return '';
  // Word's text boxes glue fields together: "…98765 46575ananya.i@example.orghttps://…".
  const line = (lines[index] ?? '').replace(/(\.[a-z]{2,})(?=https?:|www\.)/g, '$1 ');
  const match = EMAIL.exec(line);
  let email = match?.[0] ?? '';
  const glued = /^(?:\p{L}*\+)?[\d-]*\d(?=[A-Za-z])/u.exec(email)?.[0];
  if (match !== null && glued !== undefined) {
    const before = line.slice(0, match.index);
    // The end of a phone number, not the start of the address.
    if (glued.replace(/\D/g, '').length >= 7 || /\d[\s.-]$/.test(before)) email = email.slice(glued.length);
  }
  const next = lines[index + 1] ?? '';
  return match !== null && line.endsWith(email) && /^[a-z]{1,3}$/.test(next) ? email + next : email;
};

const LINKEDIN = /(?:www\.)?linkedin\.com\/in\/[A-Za-z0-9_%-]+/i;
const GITHUB = /(?:www\.)?github\.com\/[A-Za-z0-9_-]+/i;
export const findLinkedin = (text: string): string => LINKEDIN.exec(text)?.[0] ?? '';
export const findGithub = (text: string): string => GITHUB.exec(text)?.[0] ?? '';

/* ---------- location ---------- */

const US_STATES =
  'AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY';

/**
 * Every country's English name as ICU knows it ("Nigeria", "Sri Lanka", "Côte d’Ivoire"), lower-cased,
 * so a place ending in any country is read as one. Left out: names that are also a US state
 * ("Atlanta, Georgia" is no phone in Tbilisi) and ICU's forms with "&" or brackets.
 */
function countryNamesInEnglish(): Record<string, CountryCode> {
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  const entries: [string, CountryCode][] = [];
  for (const code of getCountries()) {
    const name = names.of(code)?.toLowerCase();
    if (name === undefined || name === 'georgia' || !/^[\p{L} .'’-]+$/u.test(name)) continue;
    entries.push([name, code]);
  }
  return Object.fromEntries(entries);
}

const COUNTRIES: Record<string, CountryCode> = {
  usa: 'US', us: 'US', 'united states': 'US', 'united states of america': 'US', america: 'US',
  uk: 'GB', 'united kingdom': 'GB', england: 'GB', scotland: 'GB', wales: 'GB', 'great britain': 'GB',
  ireland: 'IE', canada: 'CA', australia: 'AU', 'new zealand': 'NZ', india: 'IN', pakistan: 'PK',
  bangladesh: 'BD', 'sri lanka': 'LK', nepal: 'NP', china: 'CN', 'p.r. china': 'CN', japan: 'JP', korea: 'KR',
  'south korea': 'KR', singapore: 'SG', malaysia: 'MY', indonesia: 'ID', philippines: 'PH', vietnam: 'VN',
  thailand: 'TH', taiwan: 'TW', 'hong kong': 'HK', germany: 'DE', deutschland: 'DE', austria: 'AT',
  österreich: 'AT', switzerland: 'CH', schweiz: 'CH', suisse: 'CH', france: 'FR', belgium: 'BE',
  belgique: 'BE', netherlands: 'NL', 'the netherlands': 'NL', nederland: 'NL', luxembourg: 'LU',
  spain: 'ES', españa: 'ES', espana: 'ES', portugal: 'PT', italy: 'IT', italia: 'IT', greece: 'GR',
  poland: 'PL', polska: 'PL', czechia: 'CZ', 'czech republic': 'CZ', hungary: 'HU', romania: 'RO',
  bulgaria: 'BG', ukraine: 'UA', russia: 'RU', turkey: 'TR', türkiye: 'TR', sweden: 'SE', norway: 'NO',
  denmark: 'DK', finland: 'FI', iceland: 'IS', estonia: 'EE', latvia: 'LV', lithuania: 'LT',
  brazil: 'BR', brasil: 'BR', argentina: 'AR', chile: 'CL', colombia: 'CO', mexico: 'MX', méxico: 'MX',
  peru: 'PE', perú: 'PE', uruguay: 'UY', venezuela: 'VE', morocco: 'MA', maroc: 'MA', marruecos: 'MA',
  algeria: 'DZ', algérie: 'DZ', tunisia: 'TN', tunisie: 'TN', egypt: 'EG', nigeria: 'NG', kenya: 'KE',
  ghana: 'GH', 'south africa': 'ZA', ethiopia: 'ET', israel: 'IL', uae: 'AE', 'united arab emirates': 'AE',
  'saudi arabia': 'SA', qatar: 'QA', jordan: 'JO', lebanon: 'LB', iran: 'IR',
  allemagne: 'DE', alemania: 'DE', alemanha: 'DE', angleterre: 'GB', 'royaume-uni': 'GB', 'estados unidos': 'US',
  'états-unis': 'US', 'etats-unis': 'US', chine: 'CN', 'inde': 'IN', españa_: 'ES', 中国: 'CN',
  // Official and short forms people print: "Seoul, Republic of Korea", "Hanoi, Viet Nam", "Boston, U.S.A."
  'republic of korea': 'KR', 's. korea': 'KR', "people's republic of china": 'CN', 'pr china': 'CN', prc: 'CN',
  'russian federation': 'RU', 'viet nam': 'VN', 'republic of ireland': 'IE', 'kingdom of saudi arabia': 'SA',
  'u.s.a.': 'US', 'u.s.a': 'US', 'u.s.': 'US', 'u.k.': 'GB', holland: 'NL', 'republic of india': 'IN',
  ...countryNamesInEnglish(),
};
const COUNTRY_NAMES = Object.keys(COUNTRIES)
  .filter((name) => !name.endsWith('_'))
  .sort((a, b) => b.length - a.length)
  .map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  .join('|');

/** Country names as printed: "Germany", "GERMANY", "germany". */
const COUNTRY_CASED = Object.keys(COUNTRIES)
  .filter((name) => !name.endsWith('_'))
  .flatMap((name) => [name, name.toUpperCase(), name.replace(/(^|[\s-])(\p{L})/gu, (_, space: string, letter: string) => space + letter.toUpperCase())])
  .sort((a, b) => b.length - a.length)
  .map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  .join('|');
const WORD = "\\p{Lu}[\\p{L}.'’-]*";
/** Small words inside place names: "Rio de Janeiro", "Frankfurt am Main", "Stratford-upon-Avon". */
const PLACE_JOIN = '(?:[ -](?:de|do|da|dos|das|del|am|an|im|upon|on|sur|la|le))?';
const PLACE = `${WORD}(?:${PLACE_JOIN}[ -]${WORD}){0,2}`;
const US_LOCATION = new RegExp(`(?<![\\p{L}])(${PLACE}),? (?:${US_STATES})\\b(?!-\\p{L})`, 'u');
const COUNTRY_LOCATION = new RegExp(
  `(?<![\\p{L}])(?:${PLACE},\\s*){1,2}(?:${COUNTRY_NAMES})(?![\\p{L}])`,
  'iu',
);
/**
 * Regions that follow a city ("Raleigh, North Carolina", "Chennai, Tamil Nadu", "Recife, PE",
 * "Düsseldorf, NRW", "Leeds, West Yorkshire"): states, provinces and counties of the countries
 * resumes most often come from. Two- and three-letter codes are matched in capitals only.
 */
const REGION_NAMES = [
  // United States
  'Alabama', 'Alaska', 'Arizona', 'Arkansas', 'California', 'Colorado', 'Connecticut', 'Delaware', 'Florida', 'Georgia',
  'Hawaii', 'Idaho', 'Illinois', 'Indiana', 'Iowa', 'Kansas', 'Kentucky', 'Louisiana', 'Maine', 'Maryland',
  'Massachusetts', 'Michigan', 'Minnesota', 'Mississippi', 'Missouri', 'Montana', 'Nebraska', 'Nevada', 'New Hampshire',
  'New Jersey', 'New Mexico', 'New York', 'North Carolina', 'North Dakota', 'Ohio', 'Oklahoma', 'Oregon', 'Pennsylvania',
  'Rhode Island', 'South Carolina', 'South Dakota', 'Tennessee', 'Texas', 'Utah', 'Vermont', 'Virginia', 'Washington',
  'West Virginia', 'Wisconsin', 'Wyoming', 'District of Columbia',
  // India
  'Andhra Pradesh', 'Arunachal Pradesh', 'Assam', 'Bihar', 'Chhattisgarh', 'Goa', 'Gujarat', 'Haryana', 'Himachal Pradesh',
  'Jharkhand', 'Karnataka', 'Kerala', 'Madhya Pradesh', 'Maharashtra', 'Manipur', 'Meghalaya', 'Mizoram', 'Nagaland',
  'Odisha', 'Orissa', 'Punjab', 'Rajasthan', 'Sikkim', 'Tamil Nadu', 'Telangana', 'Tripura', 'Uttar Pradesh',
  'Uttarakhand', 'West Bengal', 'Delhi', 'NCR', 'Delhi NCR', 'Jammu and Kashmir', 'Puducherry', 'Chandigarh',
  // Brazil
  'Acre', 'Alagoas', 'Amapá', 'Amazonas', 'Bahia', 'Ceará', 'Distrito Federal', 'Espírito Santo', 'Goiás', 'Maranhão',
  'Mato Grosso', 'Mato Grosso do Sul', 'Minas Gerais', 'Pará', 'Paraíba', 'Paraná', 'Pernambuco', 'Piauí', 'Rio de Janeiro',
  'Rio Grande do Norte', 'Rio Grande do Sul', 'Rondônia', 'Roraima', 'Santa Catarina', 'São Paulo', 'Sergipe', 'Tocantins',
  // Germany, Austria, Switzerland
  'Baden-Württemberg', 'Bayern', 'Bavaria', 'Berlin', 'Brandenburg', 'Bremen', 'Hamburg', 'Hessen', 'Hesse',
  'Mecklenburg-Vorpommern', 'Niedersachsen', 'Lower Saxony', 'Nordrhein-Westfalen', 'North Rhine-Westphalia',
  'Rheinland-Pfalz', 'Rhineland-Palatinate', 'Saarland', 'Sachsen', 'Saxony', 'Sachsen-Anhalt', 'Saxony-Anhalt',
  'Schleswig-Holstein', 'Thüringen', 'Thuringia', 'Tirol', 'Tyrol', 'Steiermark', 'Zürich', 'Zurich',
  // United Kingdom and Ireland
  'Northern Ireland', 'Greater London', 'Greater Manchester', 'West Midlands', 'West Yorkshire', 'South Yorkshire',
  'North Yorkshire', 'East Yorkshire', 'Merseyside', 'Lancashire', 'Cheshire', 'Kent', 'Surrey', 'Essex', 'Sussex',
  'East Sussex', 'West Sussex', 'Hampshire', 'Berkshire', 'Oxfordshire', 'Cambridgeshire', 'Norfolk', 'Suffolk',
  'Devon', 'Cornwall', 'Somerset', 'Dorset', 'Gloucestershire', 'Wiltshire', 'Hertfordshire', 'Buckinghamshire',
  'Bedfordshire', 'Northamptonshire', 'Leicestershire', 'Nottinghamshire', 'Derbyshire', 'Staffordshire',
  'Warwickshire', 'Worcestershire', 'Shropshire', 'Herefordshire', 'Lincolnshire', 'Cumbria', 'Northumberland',
  'Tyne and Wear', 'County Durham', 'Midlothian', 'Lothian', 'Fife', 'Co. Dublin', 'County Dublin', 'County Cork',
  // Canada, Australia
  'Ontario', 'Quebec', 'Québec', 'British Columbia', 'Alberta', 'Manitoba', 'Saskatchewan', 'Nova Scotia',
  'New Brunswick', 'Newfoundland', 'New South Wales', 'Victoria', 'Queensland', 'Western Australia', 'South Australia', 'Tasmania',
];
const REGION_CODES = [
  // Brazil (UF)
  'AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA', 'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS',
  'RO', 'RR', 'SC', 'SP', 'SE', 'TO',
  // Germany, India, Canada, Australia
  'NRW', 'BW', 'BY', 'NCR', 'ON', 'QC', 'BC', 'AB', 'MB', 'SK', 'NS', 'NB', 'NL', 'PEI', 'NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT',
];
const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const REGIONS = [
  ...REGION_NAMES.flatMap((name) => [name, name.toUpperCase()]),
  ...REGION_CODES,
]
  .sort((a, b) => b.length - a.length)
  .map(escapeRegex)
  .join('|');
/** "City, Region", with an optional country and postcode after it; a credential ("PA-C") is no region. */
const REGION_LOCATION = new RegExp(
  `(?<![\\p{L}])${PLACE},\\s*(?:${REGIONS})(?:,\\s*(?:${COUNTRY_CASED}))?(?:,?\\s+\\d{5,6})?(?![-\\p{L}\\d])`,
  'u',
);
const POSTCODE_CITY = new RegExp(`(?<![\\d\\p{L}])(?:\\d{4,5} ${PLACE}|${PLACE}[ -]\\(?\\d{6}\\)?)(?![\\p{L}\\d])`, 'u');
const STREET = /^(?:\d+[a-z]?\s+\p{L}[\p{L} .'-]*|\p{L}[\p{L} .'-]*(?:str(?:aße|asse|\.)?|st\.?|street|road|rd\.?|avenue|ave\.?|way|lane|rue|calle|avenida|rua|weg|platz|gasse)\s+\d+[a-z]?)$/iu;
const LOCATION_LABEL =
  /^(?:(?:present|current|permanent|home|postal|mailing)\s+)?(?:location|address|city|based in|residence|lives in|adresse|wohnort|ort|dirección|direccion|ciudad|ubicación|domicilio|endereço|cidade|localização|localisation|地址|所在地|所在城市|现居地?|居住地|现住址|城市)\s*[:：-]\s*/i;
/**
 * A place written in Chinese: a province or city by its administrative word ("北京市",
 * "湖北省武汉市"), with a district after it, or a large city by name ("北京").
 */
const HAN_PLACE =
  /^(?:\p{Script=Han}{1,5}?(?:省|市|自治区|特别行政区)\p{Script=Han}{0,8}|北京|上海|天津|重庆|广州|深圳|杭州|南京|武汉|成都|西安|苏州|厦门|长沙|青岛|大连|郑州|济南|合肥|福州|沈阳|哈尔滨|昆明|香港|澳门|台北)$/u;

/** Comma lists of skills or industries ("Banking, Telecom, Retail") are not places. */
const looksLikeList = (text: string, isSkill: (item: string) => boolean): boolean => {
  const items = text.split(/\s*,\s*/);
  if (items.some((item) => isSkill(item))) return true;
  return items.length >= 3 && !/\d/.test(text) && !COUNTRY_LOCATION.test(text) && !US_LOCATION.test(text);
};
const ENDS_WITH_COUNTRY = new RegExp(`,\\s*(?:${COUNTRY_NAMES})\\.?$`, 'iu');
const STREET_WORD = /\b(?:court|ct|street|st|road|rd|avenue|ave|lane|ln|drive|dr|boulevard|blvd|way|place|pl|broadway|complex|building|flat|apt|suite|floor)\.?$/i;

const fieldsOf = (line: string): string[] =>
  line
    // Word's tabs become single spaces: an email, a web address or a glued "+91 …" ends a field,
    // and so does a label in mid-line ("… Phone: (312) 555-0123 Location: Austin, TX").
    .replace(/(?:https?:\/\/|www\.)\S+/gi, ' | ')
    .replace(/[\w.+-]*@[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}(?=[^a-z]|$)/gi, ' | ')
    .replace(/(?<=\p{L})(?=\+\d)/gu, ' | ')
    .replace(/\s+(?=(?:e-?mail|phone|mobile|tel|cell|location|address|city|website|linkedin)\s*:\s)/gi, ' | ')
    // Word's text runs fields together: "…@gmail.comLocation: Seoul".
    .replace(/(@[\w.-]+\.[a-z]{2,})(?=\p{Lu})/gu, '$1 | ')
    .split(/\s+\|\s+|\s+[·•◦▪§#*@,]\s+|\s{2,}|\s+--\s+|\s+–\s+(?=\S)/)
    // "… · | 北京": a separator printed before a column gap belongs to neither field.
    .map((field) => field.replace(/^[·•◦▪|\s]+|[·•◦▪|\s]+$/g, '').trim())
    .filter((field) => field !== '');

export const countryOf = (location: string): CountryCode | undefined => {
  if (new RegExp(`,\\s*(?:${US_STATES})\\b`).test(location)) return 'US';
  const words = location.toLowerCase().split(/\s*,\s*/).reverse();
  for (const word of words) {
    const code = COUNTRIES[word.trim()];
    if (code !== undefined) return code;
  }
  return undefined;
};

/**
 * The candidate's place, from the contact lines only: "City, ST", "City, (Region,) Country",
 * a postcode and city, a labelled address, or the city on the line after a street address.
 */
export const findLocation = (contactLines: readonly string[], isSkill: (item: string) => boolean): string => {
  const fields = contactLines.flatMap((line) =>
    // A table's key beside its value, with no colon: "Adresse Musterstraße 1, 11111 Musterstadt".
    fieldsOf(line).map((field) => field.replace(LOCATION_LABEL, '').replace(/^(?:add?ress(?:e)?|anschrift|wohnort)\s+(?=[\p{Lu}\d])/iu, '')),
  );
  const usable = fields.filter(
    (field) => !/@|https?:|www\.|\.com\b/.test(field) && !/^[^:]{2,30}:\s/.test(field) && !looksLikeList(field, isSkill),
  );
  for (const field of usable) {
    const match = US_LOCATION.exec(field);
    if (match && !/^(?:your|my)\b/i.test(match[0])) return match[0];
  }
  for (const field of usable) {
    if (field.length <= 60 && ENDS_WITH_COUNTRY.test(field)) {
      // A phone number before the place ("+44 7700 900136 Edinburgh, Scotland") is not part of it.
      return field.replace(/^[^\p{L}\d]+/u, '').replace(/^[\d\s().+-]*\d{3}[\d\s().+-]*\d{3,}\s+(?=\p{L})/u, '');
    }
    const match = COUNTRY_LOCATION.exec(field);
    if (match) return match[0];
  }
  for (const field of usable) {
    const match = REGION_LOCATION.exec(field);
    if (match && !/^(?:your|my)\b/i.test(match[0])) return match[0];
  }
  const unbulleted = (line: string) => line.trim().replace(/^[•·▪◦*-]\s*/, '');
  const labelledAt = contactLines.findIndex((line) => LOCATION_LABEL.test(unbulleted(line)));
  if (labelledAt >= 0) {
    const value = unbulleted(contactLines[labelledAt] ?? '').replace(LOCATION_LABEL, '').trim();
    if (value !== '') return value;
    // "Present Address:" with the address on the next lines.
    const next = contactLines.slice(labelledAt + 1, labelledAt + 3).filter((line) => !/[:@]/.test(line) && !/\d{7,}/.test(line));
    if (next.length > 0) return next.join(' ').replace(/\s+/g, ' ').trim();
  }
  for (let index = 0; index < contactLines.length - 1; index += 1) {
    const line = (contactLines[index] ?? '').trim();
    const next = (contactLines[index + 1] ?? '').trim();
    if (STREET.test(line) && /^\p{Lu}[\p{L} .'-]{2,30}$/u.test(next) && headingOf(next) === undefined) return next;
  }
  // "42 Main Street, Springfield": a street and its town in one field are the whole address.
  for (const field of usable) {
    const [street = '', town = '', ...more] = field.split(/\s*,\s*/);
    const named = STREET_WORD.test(street) || /\p{L}\s+\d+[a-z]?$/iu.test(street);
    if (more.length === 0 && named && STREET.test(street) && /^\p{Lu}[\p{L} .'-]{2,30}$/u.test(town) && headingOf(town) === undefined) return field;
  }
  for (const field of usable) {
    const match = POSTCODE_CITY.exec(field);
    // A whole address ("Street, 00000 City") is kept whole; a lone "12345 City" as it is.
    if (match && !/\d{7,}/.test(field) && !STREET_WORD.test(match[0])) return field.includes(',') && field.length <= 80 ? field : match[0];
  }
  // A large city alone in a contact field ("Hamburg").
  const city = usable.find((field) => LONE_CITY.test(field) || (HAN_PLACE.test(field) && [...field].length <= 12));
  return city ?? '';
};

/* ---------- phone ---------- */

const PHONE_SHAPE =
  /(?<![\w/.])(?:\+|00)?\(?\+?\d{1,4}\)?[\s.-]?(?:\(?\d{1,5}\)?[\s.-]?){1,5}(?:\d{2,5}|[*xX]{2,5})(?:[\s.-]?(?:\d{1,5}|[*xX]{2,5})){0,4}(?![\w/])/;
const DATE_LIKE = /^(?:19|20)\d{2}\s*[-–/]\s*(?:19|20)?\d{2}$|^\d{1,2}[/.]\d{1,2}[/.]\d{2,4}$/;

const digitCount = (text: string): number => text.replace(/\D/g, '').length;

/** The first phone number: libphonenumber on the contact lines, then any number of phone shape there, then in the text. */
export const findPhone = (contactLines: readonly string[], allLines: readonly string[], country: CountryCode | undefined): string => {
  for (const line of contactLines) {
    const found = findPhoneNumbersInText(line, country === undefined ? { extended: true } : { defaultCountry: country, extended: true });
    const best = found.find((phone) => phone.number.isValid()) ?? found.find((phone) => phone.number.isPossible());
    if (best) {
      const text = line.slice(best.startsAt, best.endsAt);
      const masked = /^[\s*xX]+/.exec(line.slice(best.endsAt))?.[0] ?? '';
      if (!DATE_LIKE.test(text) && digitCount(text) >= 7) return (text + masked).trim();
    }
  }
  for (const lines of [contactLines, allLines]) {
    for (const line of lines) {
      const match = PHONE_SHAPE.exec(line.replace(/(?:19|20)\d{2}\s*[-–—]\s*(?:(?:19|20)\d{2}|present|now)/gi, ' '));
      if (!match) continue;
      const text = match[0].trim();
      const digits = digitCount(text);
      const labelled = /(?:phone|tel|mobile|cell|handy|téléphone|teléfono|telefone|telefon|手机|电话)/i.test(line);
      if (digits >= 7 && digits <= 15 && !DATE_LIKE.test(text) && (lines === contactLines || labelled) && /[\s.()+-]/.test(text.slice(1))) {
        return text;
      }
      if (digits >= 9 && digits <= 13 && lines === contactLines && /^\+?\d+$/.test(text)) return text;
      // An international number ("+1 (234) 567 890" in a page footer) is a phone wherever it is.
      if (digits >= 9 && digits <= 15 && /^(?:\+|\(\+)/.test(text) && !DATE_LIKE.test(text)) return text;
    }
  }
  return '';
};

/* ---------- name ---------- */

const NAME_WORD = "(?:\\p{Lu}[\\p{L}'’-]*\\.?|\\p{Lu}\\.|(?:van|von|der|den|de|del|della|da|di|du|la|le|bin|ibn|al|el|dos|das|y|e|ten|zu)|\\p{Ll}[\\p{L}'’-]+)";
const NAME = new RegExp(`^${NAME_WORD}(?:[ ]${NAME_WORD}){1,4}$`, 'u');
const CJK_NAME = /^[\u4e00-\u9fff]{2,4}$/;
const SUFFIX =
  /(?:,\s*(?:[A-Z]{2,6}(?:-[A-Z]{1,4})?|(?:[A-Z][a-z]{0,2}\.\s?){1,3}[A-Z]?[a-z]{0,2}\.?))+$|(?:,?\s+(?:M\.?\s?Sc\.?|B\.?\s?Sc\.?|Ph\.?\s?D\.?|MBA|M\.?D\.?|R\.?N\.?|CPA|PMP|SHRM-(?:SCP|CP)|PHR|SPHR|CFA|Jr\.?|Sr\.?|III|II|Dipl\.-Ing\.|Dr\.?|Esq\.?|MSc|BSc|MA|BA|MS|BS|MEng|BEng|LPN|FNP|DNP|PharmD|DDS|CISSP|CSM))+$/i;
const NOT_A_NAME =
  /\b(?:university|college|institute|school|company|inc|llc|gmbh|ltd|resume|résumé|curriculum|vitae|cv|lebenslauf|skills|summary|experience|education|profile|contact|street|road|avenue|native|fluent|english|spanish|french|german|languages?|objective|references|page|phone|email|mobile|address|location|quote|title|india|germany|china|usa|new york|developer|engineer|manager|designer|student|analyst)\b/i;

const cleanNameCandidate = (text: string): string =>
  text
    .replace(/^(?:name|nom|nombre|nome|名字|姓名)\s*[:：]\s*/i, '')
    .replace(/[\p{Co}]/gu, '')
    .replace(/\s+(?:resume|résumé|cv|curriculum vitae|lebenslauf)$/i, '')
    .replace(SUFFIX, '')
    .replace(/\s+/g, ' ')
    .trim();

const titleCase = (text: string): string =>
  text === text.toUpperCase() && /\p{Lu}/u.test(text)
    ? text.toLowerCase().replace(/(^|[\s'’-])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase())
    : text;

/** Two capitalised words at least; one is enough for a labelled or echoed name ("Min-jun kim"). */
const isNameLike = (text: string, relaxed = false): boolean =>
  (NAME.test(text) &&
    !NOT_A_NAME.test(text) &&
    text.split(' ').filter((word) => /^\p{Lu}/u.test(word)).length >= (relaxed ? 1 : 2) &&
    text.length <= 40) ||
  CJK_NAME.test(text);
const NAME_LABEL = /^(?:name|full name|nom|nombre|nome|名字|姓名)\s*[:：]/i;

/** The email or profile handle holds one of the name's words at its start or end ("mmayer", "sourabhbajaj"). */
const echoes = (candidate: string, handles: readonly string[]): boolean =>
  candidate
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .split(/[\s.-]+/)
    .some(
      (word) =>
        word.length > 2 &&
        handles.some((raw) => {
          const handle = raw.replace(/\d+$/, '');
          return handle.startsWith(word) || handle.endsWith(word) || (word.length >= 5 && handle.includes(word));
        }),
    );

/**
 * The name: a short line of capitalised words (or 2–4 Chinese characters) near the top,
 * never inside a section such as Languages ("English Native"), never a job title; one that the
 * email or profile address echoes wins. Suffixes ("M.Sc.", ", SHRM-SCP"), "Resume" and
 * "Name:" are cut off.
 */
const UNFINISHED_NAME = /\s(?:van|von|der|den|de|del|della|da|di|du|bin|ibn|dos|das|ten|zu|\p{Lu}\.)$/iu;

/** The commonest Chinese surnames (over four fifths of people), compound ones first. */
const CHINESE_NAME =
  /^(?:欧阳|司马|诸葛|上官|东方|皇甫|令狐|慕容|[王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付傅方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤柳常温康施文牛樊葛邢安齐易乔伍庞颜倪庄聂章鲁岳翟殷詹申欧耿关兰焦俞左柴甘祝包宁尚符舒阮纪梅童凌毕单季裴霍涂成苗谷盛曲翁冉骆蓝路游辛靳管柯房鲍])\p{Script=Han}{1,2}$/u;
const CONTACT_MARK = /@|\d{3}[\s-]?\d{3,4}[\s-]?\d{3,4}|\d{3}X{4}\d{4}|电话|邮箱|手机/iu;

/**
 * A sidebar printed after the main column puts a Chinese name far from the top, inside another
 * section: a line that is nothing but a name of a common surname, a few lines from the contact details.
 */
const chineseNameNearContact = (lines: readonly string[]): string => {
  const at = lines.findIndex(
    (line, index) =>
      CHINESE_NAME.test(line.trim()) &&
      headingOf(line) === undefined &&
      lines.slice(Math.max(0, index - 6), index + 7).some((near) => CONTACT_MARK.test(near)),
  );
  return at >= 0 ? (lines[at] ?? '').trim() : '';
};

export const findName = (lines: readonly string[], handles: readonly string[]): string => {
  const candidates: { text: string; index: number; echoed: boolean }[] = [];
  let section: string | undefined;
  let labelled = '';
  lines.slice(0, 80).forEach((row, index) => {
    let line = row;
    // A table's key and value, no colon: "Name | Michael". A labelled name is taken as it is, before any guess.
    const keyed = /^(?:name|full name|nom|nombre|nome|имя|фио|姓名)\s+\|\s+([^|]{2,40})$/iu.exec(line.trim());
    if (keyed && labelled === '') {
      const text = cleanNameCandidate(keyed[1] ?? '');
      if (isNameLike(text, true) || /^\p{Lu}[\p{L}'’-]+$/u.test(text)) labelled = text;
    }
    const heading = headingOf(line);
    if (heading) {
      section = heading.section;
      // "PERSONAL INFORMATION | Jane Roe": a contact heading in the margin, the name beside it.
      if (heading.section !== 'contact' || heading.rest === '') return;
      line = heading.rest;
    }
    const inSection = section !== undefined && section !== 'contact' && section !== 'summary';
    const fields = line.split(/\s+[|·•]\s+|\s{2,}|\s+-\s+/);
    for (const field of fields.slice(0, 2)) {
      const text = cleanNameCandidate(field);
      const echoed = echoes(text, handles);
      if (!isNameLike(text, echoed || NAME_LABEL.test(field.trim())) || (titleScore(text) > 0 && !echoed)) continue;
      if (inSection && !echoed) continue;
      candidates.push({ text, index, echoed });
    }
  });
  if (labelled !== '') return titleCase(labelled);
  const best = candidates.find((candidate) => candidate.echoed && candidate.index < 40) ?? candidates[0];
  if (best === undefined) return chineseNameNearContact(lines);
  // A name wrapped in a narrow column ("JORDAN T." / "DELGADO, PGCE", "Katrin E. van der" / "Berg, BSN"):
  // a name cannot end on an initial or a particle, so the next line's first words finish it.
  if (UNFINISHED_NAME.test(best.text)) {
    const next = (lines[best.index + 1] ?? '').trim();
    const rest = (next.split(',')[0] ?? '').trim();
    if (headingOf(next) === undefined && /^\p{Lu}[\p{L}'’-]+(?:\s\p{Lu}[\p{L}'’-]+)?$/u.test(rest) && titleScore(rest) === 0) {
      return titleCase(`${best.text} ${rest}`);
    }
  }
  return titleCase(best.text);
};

/** Large cities written without their country in job headers ("Barclays, London"). */
const CITIES = [
  'London', 'Manchester', 'Birmingham', 'Leeds', 'Glasgow', 'Edinburgh', 'Bristol', 'Dublin', 'Paris', 'Lyon',
  'Marseille', 'Toulouse', 'Berlin', 'Munich', 'München', 'Hamburg', 'Frankfurt', 'Cologne', 'Köln', 'Stuttgart',
  'Düsseldorf', 'Walldorf', 'Bremen', 'Vienna', 'Wien', 'Zurich', 'Zürich', 'Geneva', 'Amsterdam', 'Rotterdam',
  'Brussels', 'Madrid', 'Barcelona', 'Valencia', 'Lisbon', 'Lisboa', 'Porto', 'Rome', 'Milan', 'Milano', 'Stockholm',
  'Oslo', 'Copenhagen', 'Helsinki', 'Warsaw', 'Prague', 'Budapest', 'Istanbul', 'Athens', 'New York', 'NYC',
  'San Francisco', 'Los Angeles', 'Seattle', 'Chicago', 'Boston', 'Austin', 'Denver', 'Atlanta', 'Miami',
  'Toronto', 'Vancouver', 'Montreal', 'Mexico City', 'São Paulo', 'Sao Paulo', 'Rio de Janeiro', 'Buenos Aires',
  'Santiago', 'Bogotá', 'Lima', 'Bengaluru', 'Bangalore', 'Mumbai', 'Delhi', 'New Delhi', 'Pune', 'Hyderabad',
  'Chennai', 'Kolkata', 'Noida', 'Gurgaon', 'Gurugram', 'Beijing', 'Shanghai', 'Shenzhen', 'Hong Kong', 'Tokyo',
  'Osaka', 'Seoul', 'Singapore', 'Sydney', 'Melbourne', 'Auckland', 'Dubai', 'Cairo', 'Lagos', 'Nairobi',
  'Cape Town', 'Johannesburg', 'Casablanca', 'Tel Aviv',
  'Liverpool', 'Sheffield', 'Newcastle', 'Nottingham', 'Cardiff', 'Belfast', 'Oxford', 'Cambridge', 'Leicester',
  'Philadelphia', 'Houston', 'Dallas', 'Phoenix', 'San Diego', 'San Jose', 'Portland', 'Minneapolis', 'Detroit',
  'Washington', 'Columbus', 'Raleigh', 'Nashville', 'Pittsburgh', 'Salt Lake City', 'Ottawa', 'Calgary',
  'Ahmedabad', 'Jaipur', 'Lucknow', 'Kochi', 'Cochin', 'Thiruvananthapuram', 'Coimbatore', 'Indore', 'Chandigarh',
  'Nagpur', 'Bhubaneswar', 'Mysuru', 'Mysore', 'Visakhapatnam', 'Belo Horizonte', 'Curitiba', 'Porto Alegre',
  'Recife', 'Salvador', 'Fortaleza', 'Florianópolis', 'Brasília', 'Campinas', 'Manaus', 'Belém', 'Goiânia',
  'Leipzig', 'Dresden', 'Hannover', 'Nürnberg', 'Nuremberg', 'Essen', 'Dortmund', 'Bonn', 'Mannheim', 'Karlsruhe',
  'Heidelberg', 'Frankfurt am Main', 'Aachen', 'Münster', 'Freiburg', 'Augsburg',
].map((city) => city.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
const LONE_CITY = new RegExp(`^(?:${CITIES})$`, 'u');
const TRAILING_PLACE = new RegExp(
  `(?:^|,?\\s+|,\\s*)((?<=,\\s*)(?:${CITIES})|(?:${PLACE},\\s*)?(?:${PLACE},\\s*(?:${US_STATES})|(?:${PLACE},\\s*)?(?:${COUNTRY_CASED})|${PLACE},\\s*(?:${US_STATES}|${COUNTRY_CASED})))\\.?$`,
  'u',
);
const WHOLE_PLACE = new RegExp(`^(?:remote|hybrid|on-?site|(?:${CITIES})|${PLACE},\\s*(?:${US_STATES})(?:,\\s*(?:USA|US))?|(?:${PLACE},\\s*){0,2}(?:${COUNTRY_NAMES})|(?:${PLACE}\\s+)?(?:${COUNTRY_NAMES}))\\.?$`, 'iu');
const ORGANISATION_WORD = /\b(?:Inc|LLC|Ltd|Ltda|plc|GmbH|AG|Corp|Corporation|Company|PLC|Limited|Pvt|Group|Labs|Technologies|Solutions|Systems|University|College|Institute|Bank|Hospital)\b/;
const ORGANISATION_END = /^(.*?\b(?:Inc|LLC|Ltd|Ltda|plc|GmbH|AG|Corp|Corporation|Company|Co|PLC|SA|SAS|BV|Limited|Pvt|Group|Labs|Technologies|Solutions|Systems|University|College|Institute|Bank|Hospital)\b\.?)\s+(?!(?:Inc|LLC|Ltd|Ltda|plc|PLC|GmbH|AG|SA|S\.A|Co|Corp|Limited|Pvt|Private)\b)\p{Lu}/u;

/** True when the whole text is a place ("Mountain View, CA", "Pune, India", "Remote"). */
const WHOLE_REGION_PLACE = new RegExp(`^${PLACE},\\s*(?:${REGIONS})\\.?$`, 'u');
export const isPlace = (text: string): boolean =>
  (WHOLE_PLACE.test(text.trim()) || WHOLE_REGION_PLACE.test(text.trim())) && !ORGANISATION_WORD.test(text);

/**
 * A job's header text without the place at its end: "FLAG Inc. California, America" ->
 * "FLAG Inc.", "Truso Pune, Maharashtra, India" -> "Truso" (the city word is the last one
 * before the region when nothing marks where the organisation's name ends).
 */
export const withoutTrailingPlace = (text: string): string => {
  // "Lincoln Elementary School, Boston, MA": the longest run of comma parts at the end that is a place.
  const parts = text.split(/\s*,\s*/);
  for (let keep = 1; keep < parts.length; keep += 1) {
    const place = parts.slice(keep).join(', ');
    if (isPlace(place)) {
      const rest = parts.slice(0, keep).join(', ');
      return ORGANISATION_END.exec(rest)?.[1] ?? rest;
    }
  }
  const organisation = ORGANISATION_END.exec(text);
  const match = TRAILING_PLACE.exec(text);
  if (!match) return text;
  if (organisation?.[1]) return organisation[1];
  if (match.index === 0) return text;
  const rest = text.slice(0, match.index).trim();
  if (text.slice(match.index).trim().startsWith(',')) return rest;
  const words = rest.split(/\s+/);
  return words.length >= 2 ? words.slice(0, -1).join(' ') : rest;
};
