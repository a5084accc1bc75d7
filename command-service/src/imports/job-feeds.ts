import { isRecord, organisationName, salaryText, type ItemContext } from './parsers';
import { ITEM_BASE, asList, field, fieldsReader, texts, type ItemFields } from './web-feeds';

/**
 * Job feeds with a shape of their own (ADR 117), each read into the fields every format shares
 * (`jobFromFields`): XML job feeds (Indeed's `<source><job>`, LinkedIn's, ZipRecruiter's and
 * Jooble's `<jobs><job>`), Personio's XML, schema.org `JobPosting` (Google for Jobs) found in a
 * page, and the public job APIs of applicant tracking systems: Greenhouse, Lever, Ashby, Workable,
 * SmartRecruiters and Recruitee. Fields as each documents them; an item without what a job needs
 * is skipped with the reason in the format's own words. An ATS's ids are prefixed with its name
 * (`greenhouse:127817`), so two systems' ids never meet. All import as the source `rss` ("Job
 * feed"), a JobPosting as `google_search` (its card names the company).
 */

type Item = Record<string, unknown>;

/** A JSON value as text (a number too), or null when blank. */
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : typeof value === 'number' && Number.isFinite(value) ? String(value) : null);
const first = (...values: unknown[]): string | null => {
  for (const value of values) {
    const found = text(value);
    if (found) return found;
  }
  return null;
};
const joined = (...parts: unknown[]) => [...new Set(parts.map(text).filter((part): part is string => part !== null))].join(', ') || null;
const yes = (value: unknown): boolean | null => (value === true || value === 'true' || value === 1 ? true : value === false || value === 'false' || value === 0 ? false : null);
const prefixed = (system: string, id: string | null) => (id === null ? null : `${system}:${id}`);

/** "acme-corp" → "Acme Corp": the board name in an ATS address, when the answer names no company. */
const fromSlug = (slug: string | undefined) =>
  slug
    ? decodeURIComponent(slug)
        .split(/[-_.\s]+/)
        .filter(Boolean)
        .map((word) => word[0]!.toUpperCase() + word.slice(1))
        .join(' ')
    : null;
const slugIn = (pattern: RegExp, ...urls: Array<string | null | undefined>) => {
  for (const url of urls) {
    const slug = url ? pattern.exec(url)?.[1] : undefined;
    if (slug) return fromSlug(slug);
  }
  return null;
};

// ---------------------------------------------------------------------------------------------
// XML job feeds: Indeed, LinkedIn, ZipRecruiter, Jooble (`<job>` under the root)

const xmlJobFields = (job: Item): ItemFields => {
  const place = field(job, 'location', 'jobLocation', 'region', 'locations') ?? joined(field(job, 'city'), field(job, 'state'), field(job, 'country'));
  const salary = isRecord(job.salary) && !('#text' in job.salary)
    ? salaryText({ min: Number(field(job.salary, 'min', 'minimum', 'from')) || null, max: Number(field(job.salary, 'max', 'maximum', 'to')) || null, currency: field(job.salary, 'currency'), period: field(job.salary, 'period', 'unit', 'interval') })
    : field(job, 'salary', 'compensation', 'baseSalary');
  const remoteWords = field(job, 'remotetype', 'workplaceTypes', 'workplaceType', 'remote', 'isRemote', 'telecommute');
  return {
    base: typeof job[ITEM_BASE] === 'string' ? job[ITEM_BASE] : null,
    id: field(job, 'referencenumber', 'partnerJobId', 'id', 'jobId', 'job_id', 'requisitionId', 'guid') ?? (typeof job['@_id'] === 'string' ? job['@_id'] : null) ?? field(job, 'url', 'link'),
    title: field(job, 'title', 'name', 'position', 'jobTitle'),
    company: field(job, 'company', 'companyName', 'company_name', 'employer', 'hiringOrganization', 'advertiser') ?? organisationName(job.company ?? job.employer),
    author: null,
    location: place,
    description: field(job, 'description', 'body', 'content', 'jobDescription', 'summary'),
    url: field(job, 'url', 'applyUrl', 'apply_url', 'link', 'jobUrl', 'applicationUrl'),
    postedAt: field(job, 'date', 'pubdate', 'pubDate', 'datePosted', 'postedAt', 'posted_at', 'listDate', 'created', 'updated'),
    validThrough: field(job, 'expirationdate', 'expire', 'expires', 'expiryDate', 'validThrough', 'closingDate'),
    type: field(job, 'jobtype', 'jobType', 'type', 'employmentType', 'job_type', 'schedule'),
    categories: [...texts(job.category), ...texts(job.skills), ...texts(job.tags), ...texts(job.keywords)],
    salary,
    remote: remoteWords === null ? null : /remote|wfh|home|telecommute|^true$|^yes$/i.test(remoteWords) ? true : /on.?site|office|^false$|^no$/i.test(remoteWords) ? false : null,
    experience: field(job, 'experienceLevel', 'experience', 'seniority'),
    companyMissing: 'company is missing: no <company> (or <companyName>, <employer>) element',
  };
};

export const xmlJobItems = fieldsReader('xmljobs', (index) => `job[${index}]`, xmlJobFields);

// ---------------------------------------------------------------------------------------------
// Personio: `https://NAME.jobs.personio.de/xml`

const PERSONIO_HOST = /^https?:\/\/([^./]+)\.jobs\.personio\.(?:de|com)\b/i;

const personioFields = (position: Item, context: ItemContext): ItemFields => {
  const id = field(position, 'id');
  const sections = asList(isRecord(position.jobDescriptions) ? position.jobDescriptions.jobDescription : null).filter(isRecord);
  const description = sections.map((section) => `${field(section, 'name') ? `<h3>${field(section, 'name')}</h3>` : ''}${field(section, 'value') ?? ''}`).join('') || null;
  const offices = [field(position, 'office'), ...texts(isRecord(position.additionalOffices) ? position.additionalOffices.office : null)];
  const host = context.baseUrl ? PERSONIO_HOST.exec(context.baseUrl) : null;
  return {
    id: prefixed('personio', id),
    title: field(position, 'name'),
    company: field(position, 'subcompany') ?? fromSlug(host?.[1]),
    author: null,
    location: joined(...offices),
    description,
    url: host && id ? `${host[0]}/job/${encodeURIComponent(id)}` : null,
    postedAt: field(position, 'createdAt'),
    validThrough: null,
    type: [field(position, 'employmentType'), field(position, 'schedule')].filter(Boolean).join(' ') || null,
    categories: (field(position, 'keywords') ?? '').split(','),
    salary: null,
    remote: /remote/i.test(offices.join(' ')) ? true : null,
    experience: field(position, 'seniority')?.replace(/^experienced$/i, 'mid level').replace(/^student$/i, 'entry') ?? null,
    companyMissing: 'company is missing: this Personio feed names no <subcompany>; import it from its address (https://NAME.jobs.personio.de/xml) and the company is taken from it',
  };
};

export const personioItems = fieldsReader('personio', (index) => `position[${index}]`, personioFields);

// ---------------------------------------------------------------------------------------------
// schema.org JobPosting (Google for Jobs), from the JSON-LD of a page

const addressText = (place: unknown): string | null => {
  if (typeof place === 'string') return place;
  if (!isRecord(place)) return null;
  const address = isRecord(place.address) ? place.address : typeof place.address === 'string' ? { streetAddress: place.address } : place;
  const country = isRecord(address.addressCountry) ? address.addressCountry.name : address.addressCountry;
  return joined(address.addressLocality, address.addressRegion, country) ?? text(place.name);
};

const salaryOf = (baseSalary: unknown): string | null => {
  if (typeof baseSalary === 'string' || typeof baseSalary === 'number') return String(baseSalary);
  if (!isRecord(baseSalary)) return null;
  const value = isRecord(baseSalary.value) ? baseSalary.value : { value: baseSalary.value };
  const amount = (raw: unknown) => (typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : null);
  const single = amount(value.value);
  return salaryText({ min: amount(value.minValue) ?? single, max: amount(value.maxValue) ?? single, currency: text(baseSalary.currency) ?? text(value.currency), period: text(value.unitText) ?? text(baseSalary.unitText) });
};

const jobPostingFields = (posting: Item): ItemFields => {
  const identifier = isRecord(posting.identifier) ? first(posting.identifier.value, posting.identifier['@id']) : text(posting.identifier);
  const places = asList(posting.jobLocation).map(addressText).filter((place): place is string => place !== null);
  const telecommute = asList(posting.jobLocationType).some((type) => typeof type === 'string' && /telecommute/i.test(type));
  const applicants = asList(posting.applicantLocationRequirements).map((place) => (isRecord(place) ? text(place.name) : text(place))).filter(Boolean);
  // Several types (`["FULL_TIME", "CONTRACTOR"]`): the first is the job's own.
  const types = asList(posting.employmentType).map(text).find(Boolean);
  return {
    base: typeof posting[ITEM_BASE] === 'string' ? posting[ITEM_BASE] : null,
    id: identifier ?? text(posting.url) ?? text(posting['@id']),
    title: text(posting.title) ?? text(posting.name),
    company: organisationName(posting.hiringOrganization),
    author: null,
    location: [...new Set(places)].join('; ') || (telecommute ? (applicants.join(', ') || null) : null),
    description: text(posting.description),
    url: text(posting.url),
    postedAt: text(posting.datePosted),
    validThrough: text(posting.validThrough),
    type: types ?? null,
    categories: [...asList(posting.skills).flatMap((skill) => (typeof skill === 'string' ? skill.split(/\s*,\s*/) : [])), ...asList(posting.occupationalCategory).filter((value): value is string => typeof value === 'string')],
    salary: salaryOf(posting.baseSalary),
    remote: telecommute ? true : null,
    experience: isRecord(posting.experienceRequirements) ? text(posting.experienceRequirements.name) : text(posting.experienceRequirements),
    companyMissing: 'company is missing: the JobPosting has no hiringOrganization with a name',
  };
};

/** An item that stands for a part of the document that could not be read (a JSON-LD block that is not JSON): skipped with this reason. */
export const INVALID_ITEM = '#invalid';
const jobPostingReader = fieldsReader('jsonld', (index) => `JobPosting[${index}]`, jobPostingFields, 'google_search');
export const jsonLdItems: typeof jobPostingReader = {
  ...jobPostingReader,
  toJob: (item, context) => (isRecord(item) && typeof item[INVALID_ITEM] === 'string' ? { skip: item[INVALID_ITEM] } : jobPostingReader.toJob(item, context)),
};

// ---------------------------------------------------------------------------------------------
// ATS job APIs (JSON)

/** Greenhouse's job board API: `boards-api.greenhouse.io/v1/boards/NAME/jobs?content=true` → `{ "jobs": [ … ], "meta": … }`. */
const greenhouseFields = (job: Item, context: ItemContext): ItemFields => {
  const location = isRecord(job.location) ? text(job.location.name) : text(job.location);
  const offices = asList(job.offices).map((office) => (isRecord(office) ? first(office.location, office.name) : null));
  const metadata = asList(job.metadata).filter(isRecord);
  const metadataValue = (pattern: RegExp) => text(metadata.find((entry) => typeof entry.name === 'string' && pattern.test(entry.name))?.value);
  const pay = asList(job.pay_input_ranges).filter(isRecord)[0];
  const url = text(job.absolute_url);
  return {
    id: prefixed('greenhouse', text(job.id)),
    title: text(job.title),
    company: text(job.company_name) ?? slugIn(/\/boards\/([^/?#]+)/i, context.baseUrl) ?? slugIn(/greenhouse\.io\/([^/?#]+)\/jobs\//i, url),
    author: null,
    location: location ?? joined(...offices),
    description: text(job.content),
    url,
    postedAt: first(job.first_published, job.updated_at),
    validThrough: null,
    type: metadataValue(/employment|job type|commitment/i),
    categories: [],
    salary: pay ? salaryText({ min: Number(pay.min_cents) / 100 || null, max: Number(pay.max_cents) / 100 || null, currency: text(pay.currency_type) }) : metadataValue(/salary|compensation|pay/i),
    remote: null,
    experience: metadataValue(/seniority|level|experience/i),
    companyMissing: 'company is missing: the answer has no company_name and its address names no board (boards-api.greenhouse.io/v1/boards/NAME/jobs)',
  };
};
export const greenhouseItems = fieldsReader('greenhouse', (index) => `jobs[${index}]`, greenhouseFields);
export const isGreenhouseJob = (item: unknown) => isRecord(item) && ('absolute_url' in item || 'internal_job_id' in item);

/** Lever's postings API: `api.lever.co/v0/postings/NAME` → an array of postings. */
const leverFields = (posting: Item, context: ItemContext): ItemFields => {
  const categories = isRecord(posting.categories) ? posting.categories : {};
  const lists = asList(posting.lists)
    .filter(isRecord)
    .map((list) => `<h3>${text(list.text) ?? ''}</h3><ul>${text(list.content) ?? ''}</ul>`)
    .join('');
  const description = [text(posting.description) ?? text(posting.descriptionPlain), lists, text(posting.additional) ?? text(posting.additionalPlain)].filter(Boolean).join('');
  const salary = isRecord(posting.salaryRange)
    ? salaryText({ min: Number(posting.salaryRange.min) || null, max: Number(posting.salaryRange.max) || null, currency: text(posting.salaryRange.currency), period: text(posting.salaryRange.interval) })
    : text(posting.salaryDescription);
  const workplace = text(posting.workplaceType);
  const hostedUrl = text(posting.hostedUrl);
  return {
    id: prefixed('lever', text(posting.id)),
    title: text(posting.text),
    company: slugIn(/jobs\.(?:eu\.)?lever\.co\/([^/?#]+)/i, hostedUrl) ?? slugIn(/\/postings\/([^/?#]+)/i, context.baseUrl),
    author: null,
    location: text(categories.location) ?? joined(...asList(categories.allLocations)),
    description: description || null,
    url: hostedUrl ?? text(posting.applyUrl),
    postedAt: typeof posting.createdAt === 'number' ? new Date(posting.createdAt).toISOString() : text(posting.createdAt),
    validThrough: null,
    type: text(categories.commitment),
    categories: [text(categories.team), text(categories.department)].filter((value): value is string => value !== null),
    salary,
    remote: workplace === 'remote' ? true : workplace === 'on-site' || workplace === 'hybrid' ? false : null,
    experience: null,
    companyMissing: 'company is missing: neither its hostedUrl (jobs.lever.co/NAME/…) nor the feed address (api.lever.co/v0/postings/NAME) names the company',
  };
};
export const leverItems = fieldsReader('lever', (index) => `[${index}]`, leverFields);
export const isLeverPosting = (item: unknown) => isRecord(item) && ('hostedUrl' in item || ('text' in item && 'categories' in item));

/** Ashby's posting API: `api.ashbyhq.com/posting-api/job-board/NAME?includeCompensation=true` → `{ "apiVersion": …, "jobs": [ … ] }`. */
const ashbyFields = (job: Item, context: ItemContext): ItemFields => {
  const address = isRecord(job.address) && isRecord(job.address.postalAddress) ? job.address.postalAddress : {};
  const secondary = asList(job.secondaryLocations).map((place) => (isRecord(place) ? text(place.location) : text(place)));
  const compensation = isRecord(job.compensation) ? job.compensation : {};
  const salaryPart = asList(compensation.summaryComponents).filter(isRecord).find((part) => part.compensationType === 'Salary');
  const jobUrl = text(job.jobUrl);
  const workplace = text(job.workplaceType);
  return {
    id: prefixed('ashby', text(job.id) ?? jobUrl),
    title: text(job.title),
    company: slugIn(/jobs\.ashbyhq\.com\/([^/?#]+)/i, jobUrl) ?? slugIn(/job-board\/([^/?#]+)/i, context.baseUrl),
    author: null,
    location: joined(job.location, ...secondary) ?? joined(address.addressLocality, address.addressRegion, address.addressCountry),
    description: text(job.descriptionHtml) ?? text(job.descriptionPlain),
    url: jobUrl ?? text(job.applyUrl),
    postedAt: text(job.publishedAt),
    validThrough: null,
    type: text(job.employmentType),
    categories: [text(job.department), text(job.team)].filter((value): value is string => value !== null),
    salary: salaryPart
      ? salaryText({ min: Number(salaryPart.minValue) || null, max: Number(salaryPart.maxValue) || null, currency: text(salaryPart.currencyCode), period: text(salaryPart.interval) })
      : first(compensation.scrapeableCompensationSalarySummary, compensation.compensationTierSummary),
    remote: yes(job.isRemote) ?? (workplace ? /remote/i.test(workplace) : null),
    experience: null,
    companyMissing: 'company is missing: neither its jobUrl (jobs.ashbyhq.com/NAME/…) nor the feed address (…/job-board/NAME) names the company',
  };
};
const ashbyReader = fieldsReader('ashby', (index) => `jobs[${index}]`, ashbyFields);
/** A job the board does not list (`isListed: false`) is not imported. */
export const ashbyItems: typeof ashbyReader = { ...ashbyReader, toJob: (item, context) => (isRecord(item) && item.isListed === false ? { skip: 'not listed on the board (isListed: false)' } : ashbyReader.toJob(item, context)) };
export const isAshbyJob = (item: unknown) => isRecord(item) && ('jobUrl' in item || 'descriptionHtml' in item || 'isListed' in item);

/** Workable's widget API: `apply.workable.com/api/v1/widget/accounts/NAME?details=true` → `{ "name": …, "jobs": [ … ] }`. */
export const workableItems = (account: string | null) =>
  fieldsReader('workable', (index) => `jobs[${index}]`, (job): ItemFields => {
    const places = asList(job.locations).filter((place) => isRecord(place) && place.hidden !== true).map((place) => joined((place as Item).city, (place as Item).region, (place as Item).country));
    return {
      id: prefixed('workable', text(job.shortcode) ?? text(job.id)),
      title: text(job.title),
      company: account,
      author: null,
      location: joined(...places) ?? joined(job.city, job.state, job.country),
      description: [text(job.description), text(job.requirements), text(job.benefits)].filter(Boolean).join('') || null,
      url: text(job.url) ?? text(job.shortlink) ?? text(job.application_url),
      postedAt: first(job.published_on, job.created_at),
      validThrough: null,
      type: text(job.employment_type),
      categories: [text(job.function), text(job.department)].filter((value): value is string => value !== null),
      salary: null,
      remote: yes(job.telecommuting) ?? yes(job.remote),
      experience: text(job.experience),
      companyMissing: 'company is missing: the answer has no account "name" before its jobs',
      descriptionMissing: 'description is missing: Workable sends descriptions only when asked (…/widget/accounts/NAME?details=true)',
    };
  });
export const isWorkableJob = (item: unknown) => isRecord(item) && 'shortcode' in item;

/** SmartRecruiters' posting API: `api.smartrecruiters.com/v1/companies/NAME/postings` → `{ "content": [ … ], "totalFound": … }`. */
const smartRecruitersFields = (posting: Item): ItemFields => {
  const company = isRecord(posting.company) ? posting.company : {};
  const location = isRecord(posting.location) ? posting.location : {};
  const sections = isRecord(posting.jobAd) && isRecord(posting.jobAd.sections) ? posting.jobAd.sections : {};
  const description = ['companyDescription', 'jobDescription', 'qualifications', 'additionalInformation']
    .map((key) => (isRecord(sections[key]) ? sections[key] : null))
    .filter((section): section is Item => section !== null && text(section.text) !== null)
    .map((section) => `${text(section.title) ? `<h3>${text(section.title)}</h3>` : ''}${text(section.text)}`)
    .join('');
  const id = text(posting.id) ?? text(posting.uuid);
  const identifier = text(company.identifier);
  return {
    id: prefixed('smartrecruiters', id),
    title: text(posting.name),
    company: text(company.name) ?? fromSlug(identifier ?? undefined),
    author: null,
    location: text(location.fullLocation) ?? joined(location.city, location.region, location.country),
    description: description || null,
    url: text(posting.applyUrl) ?? text(posting.postingUrl) ?? (identifier && id ? `https://jobs.smartrecruiters.com/${encodeURIComponent(identifier)}/${encodeURIComponent(id)}` : null),
    postedAt: text(posting.releasedDate),
    validThrough: null,
    type: isRecord(posting.typeOfEmployment) ? text(posting.typeOfEmployment.label) : null,
    categories: [isRecord(posting.function) ? text(posting.function.label) : null, isRecord(posting.department) ? text(posting.department.label) : null].filter((value): value is string => value !== null),
    salary: null,
    remote: yes(location.remote),
    experience: isRecord(posting.experienceLevel) ? text(posting.experienceLevel.label) : null,
    companyMissing: 'company is missing: the posting has no company name or identifier',
    // The list answer carries no job ad: say where it is.
    descriptionMissing: 'description is missing: the postings list has no jobAd; fetch each posting (…/postings/ID) and import those',
  };
};
export const smartRecruitersItems = fieldsReader('smartrecruiters', (index) => `content[${index}]`, smartRecruitersFields);

/** Recruitee's careers site API: `NAME.recruitee.com/api/offers/` → `{ "offers": [ … ] }`. */
const recruiteeFields = (offer: Item, context: ItemContext): ItemFields => {
  const salary = isRecord(offer.salary) ? offer.salary : null;
  const careersUrl = text(offer.careers_url);
  return {
    id: prefixed('recruitee', text(offer.id) ?? text(offer.slug)),
    title: text(offer.title),
    company: text(offer.company_name) ?? slugIn(/^https?:\/\/([^./]+)\.recruitee\.com/i, careersUrl, context.baseUrl),
    author: null,
    location: text(offer.location) ?? joined(offer.city, offer.state_name, offer.country),
    description: [text(offer.description), text(offer.requirements) ? `<h3>Requirements</h3>${text(offer.requirements)}` : null].filter(Boolean).join('') || null,
    url: careersUrl ?? text(offer.careers_apply_url),
    postedAt: first(offer.published_at, offer.created_at),
    validThrough: text(offer.close_at),
    type: text(offer.employment_type_code)?.replace(/_/g, ' ') ?? null,
    categories: asList(offer.tags).filter((tag): tag is string => typeof tag === 'string'),
    salary: salary ? salaryText({ min: Number(salary.min) || null, max: Number(salary.max) || null, currency: text(salary.currency), period: text(salary.period) }) : null,
    remote: yes(offer.remote),
    experience: text(offer.experience_code)?.replace(/_/g, ' ') ?? null,
    companyMissing: 'company is missing: the offer has no company_name and its careers_url names no NAME.recruitee.com',
  };
};
export const recruiteeItems = fieldsReader('recruitee', (index) => `offers[${index}]`, recruiteeFields);

