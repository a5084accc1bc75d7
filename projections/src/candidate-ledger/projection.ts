import {
  CandidateCardsShown,
  CandidateContacted,
  CandidateViewCounted,
  InterviewAvailabilitySubmitted,
  InvitationRevealed,
  InvitationSent,
  PersonErased,
  type LedgerKind,
} from '@hireloop/contracts';
import { z } from 'zod';
import { evolvingProjection, slice, unhandled, type EvolveAt, type ProjectedEvent } from '../shared/evolve';

/** What one company did with one candidate's data, of one kind (`_id`: `<candidateUserId>:<companyId>:<kind>`). */
export type LedgerEntryDocument = {
  _id: string;
  candidateUserId: string;
  companyId: string;
  kind: LedgerKind;
  firstAt: string;
  lastAt: string;
  /** How many times (for a card shown: on how many days). */
  count: number;
  /** The company's name as it is now ('' while unknown), so the ledger is one indexed query (ADR 059). */
  companyName: string;
};

/** A company's name (`_id`: the company id), for the entries made after it was named. */
export type LedgerCompanyDocument = { _id: string; name: string };

const CompanyName = z.object({ companyId: z.string(), name: z.string() });

/** Whose profile a profile id is (`_id`: the profile id): cards shown name profiles, the ledger is the person's. */
export type ProfileOwnerDocument = { _id: string; userId: string };

const ProfileOwner = z.object({ profileId: z.string(), userId: z.string() });

const schemas = {
  CandidateProfileCreated: ProfileOwner,
  CandidateCardsShown,
  CandidateViewCounted,
  InvitationSent,
  InvitationRevealed,
  InterviewAvailabilitySubmitted,
  CandidateContacted,
  PersonErased,
  CompanyRegistered: CompanyName,
  CompanyProfileUpdated: CompanyName,
};
type LedgerEvent = ProjectedEvent<typeof schemas>;

/** The owners of the profiles whose cards an event shows, and the names of the companies it records, as known before it. */
type Known = { owners: readonly ProfileOwnerDocument[]; companies: readonly LedgerCompanyDocument[] };

/** One thing a company did with a candidate's data. */
type Occurrence = { candidateUserId: string; companyId: string; kind: LedgerKind; at: string };

export const ledgerEntryId = ({ candidateUserId, companyId, kind }: Pick<Occurrence, 'candidateUserId' | 'companyId' | 'kind'>) => `${candidateUserId}:${companyId}:${kind}`;

/** What an event records, in order (one event may record several, the same entry more than once). */
export function occurrencesOf(event: LedgerEvent, known: Known): Occurrence[] {
  switch (event.type) {
    case 'CandidateCardsShown': {
      const owners = new Map(known.owners.map((owner) => [owner._id, owner.userId]));
      return event.data.shown.flatMap(({ day, companyId, profileIds }) =>
        profileIds.flatMap((profileId) => {
          const candidateUserId = owners.get(profileId);
          // An erased candidate's card: nobody to tell.
          return candidateUserId ? [{ candidateUserId, companyId, kind: 'card_shown' as const, at: `${day}T00:00:00.000Z` }] : [];
        }),
      );
    }
    case 'CandidateViewCounted': {
      const { candidateUserId, companyId, countedAt } = event.data;
      return [{ candidateUserId, companyId, kind: 'profile_opened', at: countedAt }];
    }
    case 'InvitationSent': {
      const { candidateUserId, companyId, sentAt } = event.data;
      return [{ candidateUserId, companyId, kind: 'requested_to_apply', at: sentAt }];
    }
    case 'InvitationRevealed': {
      const { candidateUserId, companyId, revealedAt } = event.data;
      return [{ candidateUserId, companyId, kind: 'profile_revealed', at: revealedAt }];
    }
    case 'InterviewAvailabilitySubmitted': {
      const { candidateUserId, companyId, submittedAt } = event.data;
      return [{ candidateUserId, companyId, kind: 'availability_sent', at: submittedAt }];
    }
    case 'CandidateContacted': {
      const { candidateUserId, companyId, sentAt } = event.data;
      return [{ candidateUserId, companyId, kind: 'contacted', at: sentAt }];
    }
    case 'CandidateProfileCreated':
    case 'PersonErased':
    case 'CompanyRegistered':
    case 'CompanyProfileUpdated':
      return [];
    default:
      return unhandled(event);
  }
}

/** Pure: an entry after one more occurrence (`companyName`: the company's name when the entry is new). */
export function record(known: LedgerEntryDocument | null, { candidateUserId, companyId, kind, at }: Occurrence, companyName = ''): LedgerEntryDocument {
  if (!known) return { _id: ledgerEntryId({ candidateUserId, companyId, kind }), candidateUserId, companyId, kind, firstAt: at, lastAt: at, count: 1, companyName };
  // A card is recorded per day: the same day again (another flush, another process) is not another time.
  if (kind === 'card_shown' && (at === known.firstAt || at === known.lastAt)) return known;
  return { ...known, firstAt: at < known.firstAt ? at : known.firstAt, lastAt: at > known.lastAt ? at : known.lastAt, count: known.count + 1 };
}

/** Pure: an entry after an event (an erased candidate's go). */
export function evolveEntry(entry: LedgerEntryDocument | null, event: LedgerEvent, { id, context }: EvolveAt<Known>): LedgerEntryDocument | null {
  if (event.type === 'PersonErased') return null;
  // A company (re)named: its entries show the name it has now.
  if (event.type === 'CompanyRegistered' || event.type === 'CompanyProfileUpdated') return entry && entry.companyName !== event.data.name ? { ...entry, companyName: event.data.name } : entry;
  const names = new Map(context.companies.map((company) => [company._id, company.name]));
  return occurrencesOf(event, context)
    .filter((occurrence) => ledgerEntryId(occurrence) === id)
    .reduce<LedgerEntryDocument | null>((known, occurrence) => record(known, occurrence, names.get(occurrence.companyId) ?? ''), entry);
}

/** Pure: a company's name after an event. */
export function evolveCompanyName(company: LedgerCompanyDocument | null, event: LedgerEvent): LedgerCompanyDocument | null {
  return event.type === 'CompanyRegistered' || event.type === 'CompanyProfileUpdated' ? { _id: event.data.companyId, name: event.data.name } : company;
}

/** The companies an event records something of. */
const companiesOf = (event: LedgerEvent): string[] => {
  switch (event.type) {
    case 'CandidateCardsShown':
      return event.data.shown.map(({ companyId }) => companyId);
    case 'CandidateViewCounted':
    case 'InvitationSent':
    case 'InvitationRevealed':
    case 'InterviewAvailabilitySubmitted':
    case 'CandidateContacted':
      return [event.data.companyId];
    case 'CandidateProfileCreated':
    case 'PersonErased':
    case 'CompanyRegistered':
    case 'CompanyProfileUpdated':
      return [];
    default:
      return unhandled(event);
  }
};

/** Pure: whose profile a profile id is, after an event. */
export function evolveOwner(owner: ProfileOwnerDocument | null, event: LedgerEvent): ProfileOwnerDocument | null {
  switch (event.type) {
    case 'CandidateProfileCreated':
      return { _id: event.data.profileId, userId: event.data.userId };
    case 'PersonErased':
      return null;
    case 'CandidateCardsShown':
    case 'CandidateViewCounted':
    case 'InvitationSent':
    case 'InvitationRevealed':
    case 'InterviewAvailabilitySubmitted':
    case 'CandidateContacted':
    case 'CompanyRegistered':
    case 'CompanyProfileUpdated':
      return owner;
    default:
      return unhandled(event);
  }
}

/**
 * `candidate-ledger` (issue 13, ADR 037): per candidate, every company that was shown their card,
 * opened their full profile, asked them to apply, received their reveal or interview times, or
 * contacted them, with the first and last time and how often, and the company's name as it is now
 * (screen-shaped, ADR 059: the ledger is one indexed query, no company read per row). Erasing the
 * candidate removes their ledger.
 */
export const candidateLedgerProjection = evolvingProjection<typeof schemas, Known>({
  name: 'candidate-ledger',
  // 2: entries hold the company's name (ADR 059).
  version: 2,
  collections: {
    entries: { indexes: [{ fields: ['candidateUserId'] }, { fields: ['companyId'] }] },
    owners: { indexes: [{ fields: ['userId'] }] },
    'ledger-companies': {},
  },
  schemas,
  lookups: (event) => {
    const companies = companiesOf(event);
    return {
      owners: event.type === 'CandidateCardsShown' ? { collection: 'owners', ids: event.data.shown.flatMap(({ profileIds }) => profileIds) } : null,
      companies: companies.length ? { collection: 'ledger-companies', ids: [...new Set(companies)] } : null,
    };
  },
  slices: [
    slice('owners', {
      documents: (event: LedgerEvent) =>
        event.type === 'CandidateProfileCreated' ? event.data.profileId : event.type === 'PersonErased' ? { where: { userId: event.data.userId } } : null,
      evolve: evolveOwner,
    }),
    slice('ledger-companies', {
      documents: (event: LedgerEvent) => (event.type === 'CompanyRegistered' || event.type === 'CompanyProfileUpdated' ? event.data.companyId : null),
      evolve: evolveCompanyName,
    }),
    slice('entries', {
      documents: (event: LedgerEvent, context: Known) => {
        if (event.type === 'PersonErased') return { where: { candidateUserId: event.data.userId } };
        if (event.type === 'CompanyRegistered' || event.type === 'CompanyProfileUpdated') return { where: { companyId: event.data.companyId } };
        return occurrencesOf(event, context).map(ledgerEntryId);
      },
      evolve: evolveEntry,
    }),
  ],
});
