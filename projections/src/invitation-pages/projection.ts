import {
  CandidateProfileCreated,
  CandidateProfileUpdated,
  CompanyProfileUpdated,
  CompanyRegistered,
  InterviewAvailabilitySubmitted,
  InvitationDeclined,
  InvitationMovedToOfferStage,
  InvitationRevealed,
  InvitationSent,
  JobClosed,
  JobPosted,
  JobReopened,
  PersonErased,
  UserRegistered,
  type InvitationResponse,
  type Job,
} from '@hireloop/contracts';
import { evolveCompany, type CompanyDocument } from '../companies/projection';
import { evolveInvitation, type InvitationDocument } from '../invitations/projection';
import { evolveJob, type JobBoardDocument } from '../job-board/projection';
import { toJob } from '../job-board/queries';
import { evolvingProjection, slice, unhandled, type EvolveAt, type ProjectedEvent, type Touched } from '../shared/evolve';

type InvitationCompany = InvitationResponse['company'];

/**
 * The invitation page by token (`GET /api/invitations/:token`), whole, by invitation id: the
 * invitation as `invitations` keeps it, and what the page shows of the job (`job-board`), the
 * company (`companies`), the candidate's profile (its title, `candidate-profiles`) and whether the
 * link may claim the candidate's added profile (`admin-people` and `users`), each kept as it is
 * after every event (ADR 059). No name or email of the candidate is in it.
 */
export type InvitationPageDocument = InvitationDocument & {
  /** The job as the board shows it; null while the board does not have it (the page is then not found). */
  job: Job | null;
  /** The company's public profile as the page shows it; null: none (the page falls back to the job's company name). */
  company: InvitationCompany | null;
  /** The title of the profile the invitation is about ('' when it has none, or its person was erased). */
  candidateTitle: string;
  /** Whose profile `candidateProfileId` is (null: none known), so an erasure of that person blanks the title. */
  profileUserId: string | null;
  canClaimAccount: boolean;
};

/** What the page shows of a profile, and whose it is. */
export type PageProfileDocument = { _id: string; userId: string; title: string };

/**
 * A candidate as the claim needs them (ADR 038): `added` while an admin added their profile and
 * nobody registered under their id; then `email` is the profile's address and `takenBy` the live
 * accounts that sign in with it (one is enough to refuse the claim). `account` once they registered,
 * `erased` once forgotten: neither keeps an address.
 */
export type PagePersonDocument = { _id: string; state: 'added' | 'account' | 'erased'; email: string; takenBy: string[] };

/** A live account's address (any kind of user), so a person's address can be found taken; deleted when its person is erased. */
export type PageAccountDocument = { _id: string; email: string };

const invitationSchemas = { InvitationSent, InvitationRevealed, InterviewAvailabilitySubmitted, InvitationMovedToOfferStage, InvitationDeclined };
/** Only jobs posted on Hireloop can be invited to (the invitation decider refuses imported ones): the imports' events are not followed. */
const jobSchemas = { JobPosted, JobClosed, JobReopened };
const companySchemas = { CompanyRegistered, CompanyProfileUpdated };
const schemas = { ...invitationSchemas, ...jobSchemas, ...companySchemas, CandidateProfileCreated, CandidateProfileUpdated, UserRegistered, PersonErased };

/** The events this read model follows, parsed. */
export type InvitationPagesEvent = ProjectedEvent<typeof schemas>;
type InvitationEvent = Extract<InvitationPagesEvent, { type: keyof typeof invitationSchemas }>;
type JobEvent = Extract<InvitationPagesEvent, { type: keyof typeof jobSchemas }>;
type CompanyEvent = Extract<InvitationPagesEvent, { type: keyof typeof companySchemas }>;

const isInvitationEvent = (event: InvitationPagesEvent): event is InvitationEvent => Object.hasOwn(invitationSchemas, event.type);
const isJobEvent = (event: InvitationPagesEvent): event is JobEvent => Object.hasOwn(jobSchemas, event.type);
const isCompanyEvent = (event: InvitationPagesEvent): event is CompanyEvent => Object.hasOwn(companySchemas, event.type);

/** Before the event: the documents of this read model's own collections it needs. */
type Known = {
  job: readonly JobBoardDocument[];
  company: readonly CompanyDocument[];
  profile: readonly PageProfileDocument[];
  people: readonly PagePersonDocument[];
  /** Live accounts with the address a profile event gives. */
  accounts: readonly PageAccountDocument[];
};

/** Pure: what the page shows of a profile after an event. */
export function evolvePageProfile(doc: PageProfileDocument | null, event: InvitationPagesEvent): PageProfileDocument | null {
  switch (event.type) {
    case 'CandidateProfileCreated':
      return { _id: event.data.profileId, userId: event.data.userId, title: event.data.title };
    case 'CandidateProfileUpdated':
      return doc && (doc.title === event.data.title ? doc : { ...doc, title: event.data.title });
    case 'PersonErased':
      // candidate-profiles deletes the erased person's profiles.
      return doc && doc.userId === event.data.userId ? null : doc;
    default:
      return doc;
  }
}

/** Pure: a live account's address after an event. */
export function evolvePageAccount(doc: PageAccountDocument | null, event: InvitationPagesEvent): PageAccountDocument | null {
  switch (event.type) {
    case 'UserRegistered':
      return { _id: event.data.userId, email: event.data.email };
    case 'PersonErased':
      return null;
    default:
      return doc;
  }
}

/**
 * Pure: a candidate as the claim sees them after an event (the same rules as `admin-people`'s
 * row: `hasProfile && userId === null && !erased`); `accounts`: the live accounts with the
 * address a profile event gives, before the event.
 */
export function evolvePagePerson(doc: PagePersonDocument | null, event: InvitationPagesEvent, { id, accounts }: { id: string; accounts: readonly PageAccountDocument[] }): PagePersonDocument | null {
  switch (event.type) {
    case 'CandidateProfileCreated':
    case 'CandidateProfileUpdated': {
      if (event.data.userId !== id || (doc && doc.state !== 'added')) return doc;
      const added = doc !== null || ('source' in event.data && event.data.source === 'admin');
      if (!added) return doc;
      return { _id: id, state: 'added', email: event.data.email, takenBy: accounts.filter((account) => account.email === event.data.email).map((account) => account._id) };
    }
    case 'UserRegistered': {
      const { data } = event;
      if (data.userId === id && data.type === 'candidate') {
        // They made their account (from the invitation, or signed up under that id): nothing to claim any more.
        if (!doc) return { _id: id, state: 'account', email: '', takenBy: [] };
        return doc.state === 'added' ? { _id: id, state: 'account', email: '', takenBy: [] } : doc;
      }
      // Any account signing in with the added profile's address takes the claim away.
      return doc && doc.state === 'added' && doc.email === data.email && !doc.takenBy.includes(data.userId) ? { ...doc, takenBy: [...doc.takenBy, data.userId] } : doc;
    }
    case 'PersonErased': {
      const { userId } = event.data;
      if (userId === id) return doc && { _id: id, state: 'erased', email: '', takenBy: [] };
      return doc && doc.takenBy.includes(userId) ? { ...doc, takenBy: doc.takenBy.filter((taker) => taker !== userId) } : doc;
    }
    default:
      return doc;
  }
}

const publicCompany = ({ name, description, industry, size }: CompanyDocument): InvitationCompany => ({ name, description, industry, size });
const claimable = (person: PagePersonDocument | null) => person !== null && person.state === 'added' && person.takenBy.length === 0;

/** The people whose claim an event may change: its own person, and those whose address it takes or frees. */
const peopleLookup = (event: InvitationPagesEvent) => {
  switch (event.type) {
    case 'InvitationSent':
      return { collection: 'invitation-page-people', ids: [event.data.candidateUserId] };
    case 'CandidateProfileCreated':
    case 'CandidateProfileUpdated':
      return { collection: 'invitation-page-people', ids: [event.data.userId] };
    case 'UserRegistered':
      return { collection: 'invitation-page-people', where: { $or: [{ _id: event.data.userId }, { email: event.data.email }] } };
    case 'PersonErased':
      return { collection: 'invitation-page-people', where: { $or: [{ _id: event.data.userId }, { takenBy: event.data.userId }] } };
    default:
      return null;
  }
};

/** The person of an event, when it has one (whose state is known even when the lookup found no document). */
const subjectOf = (event: InvitationPagesEvent): string | null => {
  switch (event.type) {
    case 'CandidateProfileCreated':
    case 'CandidateProfileUpdated':
    case 'UserRegistered':
    case 'PersonErased':
      return event.data.userId;
    case 'InvitationSent':
      return event.data.candidateUserId;
    default:
      return null;
  }
};

/** The person `id` after the event, or undefined when the lookups did not read them (the event cannot change them). */
function personAfter(id: string, event: InvitationPagesEvent, context: Known): PagePersonDocument | null | undefined {
  const before = context.people.find((person) => person._id === id);
  if (!before && subjectOf(event) !== id) return undefined;
  return evolvePagePerson(before ?? null, event, { id, accounts: context.accounts });
}

/** Pure: the page after an event, with the documents it joins as they are after the event (from the lookups made before it). */
export function evolvePage(doc: InvitationPageDocument | null, event: InvitationPagesEvent, context: Known): InvitationPageDocument | null {
  if (isInvitationEvent(event)) {
    if (event.type !== 'InvitationSent') {
      const invitation = doc && evolveInvitation(doc, event);
      return invitation && doc && { ...doc, ...invitation };
    }
    const invitation = evolveInvitation(null, event);
    if (!invitation) return null;
    const job = context.job[0];
    const company = context.company[0];
    const profile = context.profile[0];
    return {
      ...invitation,
      job: job ? toJob(job) : null,
      company: company ? publicCompany(company) : null,
      candidateTitle: profile?.title ?? '',
      profileUserId: profile?.userId ?? null,
      canClaimAccount: claimable(personAfter(invitation.candidateUserId, event, context) ?? null),
    };
  }
  if (!doc) return null;
  if (isJobEvent(event)) {
    const job = evolveJob(context.job[0] ?? null, event);
    return { ...doc, job: job ? toJob(job) : null };
  }
  if (isCompanyEvent(event)) return { ...doc, company: publicCompany(evolveCompany(context.company[0] ?? null, event)) };
  let page = doc;
  switch (event.type) {
    case 'CandidateProfileCreated':
    case 'CandidateProfileUpdated':
      if (doc.candidateProfileId === event.data.profileId) {
        const profile = evolvePageProfile(context.profile[0] ?? null, event);
        page = { ...page, candidateTitle: profile?.title ?? '', profileUserId: profile?.userId ?? null };
      }
      break;
    case 'PersonErased': {
      const { userId } = event.data;
      if (doc.candidateUserId === userId) page = { ...page, ...evolveInvitation(doc, event) };
      if (doc.profileUserId === userId) page = { ...page, candidateTitle: '', profileUserId: null };
      break;
    }
    case 'UserRegistered':
      break;
    default:
      return unhandled(event);
  }
  const person = personAfter(doc.candidateUserId, event, context);
  if (person !== undefined) page = { ...page, canClaimAccount: claimable(person) };
  return page;
}

/** The pages an event changes. */
function pagesOf(event: InvitationPagesEvent, context: Known): Touched {
  if (isInvitationEvent(event)) return event.data.invitationId;
  if (isJobEvent(event)) return { where: { jobId: event.data.jobId } };
  if (isCompanyEvent(event)) return { where: { companyId: event.data.companyId } };
  switch (event.type) {
    case 'CandidateProfileCreated':
    case 'CandidateProfileUpdated':
      return { where: { $or: [{ candidateProfileId: event.data.profileId }, { candidateUserId: event.data.userId }] } };
    case 'UserRegistered':
      return { where: { candidateUserId: { $in: [event.data.userId, ...context.people.map((person) => person._id)] } } };
    case 'PersonErased': {
      const { userId } = event.data;
      return { where: { $or: [{ candidateUserId: { $in: [userId, ...context.people.map((person) => person._id)] } }, { profileUserId: userId }] } };
    }
    default:
      return unhandled(event);
  }
}

/**
 * `invitation-pages`: the invitation page by token as one document (ADR 059), instead of the
 * invitation joined on every request with the job, the company, the profile, the candidate's
 * admin row and the accounts with their address (six read models). Its own small collections
 * keep what a new invitation needs of each (jobs, companies, profile titles, claim states and
 * live accounts' addresses); each change rewrites the pages it concerns (by indexed ids).
 * Erasure (ADR 019): the message and the candidate's notes are scrubbed as `invitations` does,
 * the title goes with the profile, the person keeps no address and their account's is deleted.
 */
export const invitationPagesProjection = evolvingProjection<typeof schemas, Known>({
  name: 'invitation-pages',
  // 2: its jobs are the job board's documents, which no longer hold `id`, `matchScore`,
  // `matchReasons` or `warnings` (ADR 125).
  version: 2,
  collections: {
    'invitation-pages': {
      indexes: [{ fields: ['jobId'] }, { fields: ['companyId'] }, { fields: ['candidateUserId'] }, { fields: ['candidateProfileId'] }, { fields: ['profileUserId'] }],
    },
    'invitation-page-jobs': {},
    'invitation-page-companies': {},
    'invitation-page-profiles': { indexes: [{ fields: ['userId'] }] },
    'invitation-page-people': { indexes: [{ fields: ['email'] }, { fields: ['takenBy'] }] },
    'invitation-page-accounts': { indexes: [{ fields: ['email'] }] },
  },
  schemas,
  lookups: (event) => ({
    job: event.type === 'InvitationSent' || isJobEvent(event) ? { collection: 'invitation-page-jobs', ids: [event.data.jobId] } : null,
    company: event.type === 'InvitationSent' || isCompanyEvent(event) ? { collection: 'invitation-page-companies', ids: [event.data.companyId] } : null,
    profile:
      event.type === 'InvitationSent'
        ? { collection: 'invitation-page-profiles', ids: [event.data.candidateProfileId] }
        : event.type === 'CandidateProfileCreated' || event.type === 'CandidateProfileUpdated'
          ? { collection: 'invitation-page-profiles', ids: [event.data.profileId] }
          : null,
    people: peopleLookup(event),
    accounts: event.type === 'CandidateProfileCreated' || event.type === 'CandidateProfileUpdated' ? { collection: 'invitation-page-accounts', where: { email: event.data.email } } : null,
  }),
  slices: [
    slice('invitation-page-jobs', {
      documents: (event: InvitationPagesEvent) => (isJobEvent(event) ? event.data.jobId : null),
      evolve: (doc: JobBoardDocument | null, event: InvitationPagesEvent) => {
        if (!isJobEvent(event)) return doc;
        // A job no invitation can be for (ADR 031: posted on Hireloop by a company) is not kept.
        if (event.type === 'JobPosted' && (event.data.source !== 'internal' || !event.data.companyId)) return doc;
        return evolveJob(doc, event);
      },
    }),
    slice('invitation-page-companies', {
      documents: (event: InvitationPagesEvent) => (isCompanyEvent(event) ? event.data.companyId : null),
      evolve: (doc: CompanyDocument | null, event: InvitationPagesEvent) => (isCompanyEvent(event) ? evolveCompany(doc, event) : doc),
    }),
    slice('invitation-page-profiles', {
      documents: (event: InvitationPagesEvent) => {
        if (event.type === 'CandidateProfileCreated' || event.type === 'CandidateProfileUpdated') return event.data.profileId;
        return event.type === 'PersonErased' ? { where: { userId: event.data.userId } } : null;
      },
      evolve: evolvePageProfile,
    }),
    slice('invitation-page-people', {
      documents: (event: InvitationPagesEvent, context: Known) => {
        const subject = subjectOf(event);
        if (event.type === 'InvitationSent' || subject === null) return null;
        return [subject, ...context.people.map((person) => person._id)];
      },
      evolve: (doc: PagePersonDocument | null, event: InvitationPagesEvent, { id, context }: EvolveAt<Known>) => evolvePagePerson(doc, event, { id, accounts: context.accounts }),
    }),
    slice('invitation-page-accounts', {
      documents: (event: InvitationPagesEvent) => (event.type === 'UserRegistered' || event.type === 'PersonErased' ? event.data.userId : null),
      evolve: evolvePageAccount,
    }),
    slice('invitation-pages', {
      documents: pagesOf,
      evolve: (doc: InvitationPageDocument | null, event: InvitationPagesEvent, { context }: EvolveAt<Known>) => evolvePage(doc, event, context),
    }),
  ],
});
