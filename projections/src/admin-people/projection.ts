import {
  AddedProfileClaimed,
  CandidateProfileCreated,
  CandidateProfileUpdated,
  CandidateProfileVisibilityChanged,
  CompanyProfileUpdated,
  CompanyRegistered,
  IdentityLinked,
  PasswordChanged,
  PersonErased,
  UserRegistered,
  UserRoleChanged,
  isAdminRole,
  type AdminCandidate,
  type AdminCompany,
} from '@hireloop/contracts';
import { evolvingProjection, slice, unhandled, type EvolveAt, type ProjectedEvent } from '../shared/evolve';

/**
 * One row of the admin Candidates table (ADR 038), by person: `_id` is the account's user id, or
 * the person id of a candidate an admin added (who has no account). The row is the
 * `AdminCandidate` the route answers plus what the queries need: the lower-cased texts searched,
 * the name sort key, and the log position of its last change (the query service's in-memory
 * table follows the collection by position, so every write sets it and nothing is ever deleted:
 * an erased person leaves a blank tombstone, `erased: true`).
 */
export type AdminCandidateDocument = AdminCandidate & {
  _id: string;
  /** Whether the person has a profile yet (an account may have none: its row shows the account's facts). */
  hasProfile: boolean;
  firstNameText: string;
  lastNameText: string;
  emailText: string;
  /** `first last`, lower-cased: the `name` order. */
  nameKey: string;
  position: string;
  erased: boolean;
  /** The account is an admin or a super admin (Hireloop's staff, ADR 070). */
  staff: boolean;
  /**
   * Shown in the table: not erased, and not a staff account without a candidate profile (an admin
   * signs up as a candidate, as the spec has no other account type, but is no candidate until they
   * make a profile; ADR 070).
   */
  listed: boolean;
};

/** One row of the admin Companies table, by company id: no person's data (ADR 028), so nothing to scrub. */
export type AdminCompanyDocument = AdminCompany & {
  _id: string;
  nameText: string;
  nameKey: string;
  /** An admin added it (no user yet). */
  addedByAdmin: boolean;
  position: string;
};

/** Someone proved they read the account's mailbox before (or after) their row existed. */
type ProofDocument = { _id: string };

/** The account's name as the sign-up gave it: first word, then the rest (as the profile wizard splits it). */
const splitName = (name: string) => {
  const [firstName = '', ...rest] = name.trim().split(/\s+/).filter(Boolean);
  return { firstName, lastName: rest.join(' ') };
};

/** A row as stored: the shown fields, the lower-cased texts searched, the name order's key and the position. */
export const candidateRow = (personId: string, row: AdminCandidate, position: string, hasProfile: boolean): AdminCandidateDocument => ({
  _id: personId,
  ...row,
  hasProfile,
  firstNameText: row.firstName.toLowerCase(),
  lastNameText: row.lastName.toLowerCase(),
  emailText: row.email.toLowerCase(),
  nameKey: `${row.firstName} ${row.lastName}`.trim().toLowerCase(),
  position,
  erased: false,
  staff: false,
  listed: true,
});

/** What an erased person leaves: the id and the erasure's position, nothing of theirs. */
export const erasedCandidateRow = (personId: string, position: string): AdminCandidateDocument => ({
  _id: personId,
  id: '',
  userId: null,
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  title: '',
  location: '',
  experience: '',
  skills: [],
  visaStatus: '',
  isPrivate: true,
  verified: false,
  summary: '',
  createdAt: '',
  hasProfile: false,
  firstNameText: '',
  lastNameText: '',
  emailText: '',
  nameKey: '',
  position,
  erased: true,
  staff: false,
  listed: false,
});

/** The shown row of a document (an explicit pick: nothing the queries keep leaks into the answer). */
export const toAdminCandidate = (doc: AdminCandidateDocument): AdminCandidate => ({
  id: doc.id,
  userId: doc.userId,
  firstName: doc.firstName,
  lastName: doc.lastName,
  email: doc.email,
  phone: doc.phone,
  title: doc.title,
  location: doc.location,
  experience: doc.experience,
  skills: [...doc.skills],
  visaStatus: doc.visaStatus,
  isPrivate: doc.isPrivate,
  verified: doc.verified,
  summary: doc.summary,
  createdAt: doc.createdAt,
});

export const toAdminCompany = (doc: AdminCompanyDocument): AdminCompany => ({
  id: doc.id,
  name: doc.name,
  description: doc.description,
  website: doc.website,
  location: doc.location,
  verified: doc.verified,
  createdAt: doc.createdAt,
});

const schemas = {
  UserRegistered,
  CandidateProfileCreated,
  CandidateProfileUpdated,
  CandidateProfileVisibilityChanged,
  IdentityLinked,
  PasswordChanged,
  AddedProfileClaimed,
  PersonErased,
  UserRoleChanged,
  CompanyRegistered,
  CompanyProfileUpdated,
};
type AdminPeopleEvent = ProjectedEvent<typeof schemas>;

/** Whether the person registering proved before that they read the account's mailbox. */
type Known = { proof: readonly ProofDocument[] };

/**
 * The user an event proves read the account's mailbox, or null: they signed in through a provider,
 * completed a password reset (a mailed link), or claimed their added profile with the invitation's
 * token, mailed to the profile's address (a proof like a reset link).
 */
export function provenUserOf(event: AdminPeopleEvent): string | null {
  switch (event.type) {
    case 'IdentityLinked':
    case 'AddedProfileClaimed':
      return event.data.userId;
    case 'PasswordChanged':
      return event.data.method === 'reset' ? event.data.userId : null;
    case 'UserRegistered':
    case 'UserRoleChanged':
    case 'CandidateProfileCreated':
    case 'CandidateProfileUpdated':
    case 'CandidateProfileVisibilityChanged':
    case 'PersonErased':
    case 'CompanyRegistered':
    case 'CompanyProfileUpdated':
      return null;
    default:
      return unhandled(event);
  }
}

/** Pure: a proof after an event (the erased person's goes). */
export function evolveProof(proof: ProofDocument | null, event: AdminPeopleEvent, { id }: { id: string }): ProofDocument | null {
  if (event.type === 'PersonErased') return null;
  return provenUserOf(event) === id ? { _id: id } : proof;
}

/**
 * Pure: a candidate row after an event; `known.proof`: the person registering proved their address
 * before. Whether the account is staff (an admin or super admin) follows its role; a staff account
 * without a profile is kept but not listed (ADR 070: the seed's super admin was listed as a candidate).
 */
export function evolveCandidateRow(current: AdminCandidateDocument | null, event: AdminPeopleEvent, known: Known): AdminCandidateDocument | null {
  if (event.type === 'UserRoleChanged') {
    if (!current || current.erased) return current;
    return withListing({ ...current, position: event.position }, isAdminRole(event.data.to));
  }
  const next = evolveCandidateFacts(current, event, known);
  if (!next || next === current || next.erased) return next;
  const staff = current ? current.staff : event.type === 'UserRegistered' && isAdminRole(event.data.role);
  return withListing(next, staff);
}

const withListing = (doc: AdminCandidateDocument, staff: boolean): AdminCandidateDocument => ({ ...doc, staff, listed: !doc.erased && (!staff || doc.hasProfile) });

/** Pure: a candidate row's facts after an event (who is staff is `evolveCandidateRow`'s). */
function evolveCandidateFacts(current: AdminCandidateDocument | null, event: AdminPeopleEvent, known: Known): AdminCandidateDocument | null {
  const { position } = event;
  const live = current && !current.erased ? current : null;
  switch (event.type) {
    case 'UserRegistered': {
      const { data } = event;
      if (data.type !== 'candidate') return current;
      if (current) {
        // A candidate an admin added made their account from an invitation, under their person id
        // (ADR 038): their row becomes the account's, one row for one person. The profile's facts
        // and the row's place in the table (createdAt) stay; the address is the account's now.
        if (!current.erased && current.userId === null) {
          return candidateRow(data.userId, { ...toAdminCandidate(current), userId: data.userId, email: data.email }, position, current.hasProfile);
        }
        return current;
      }
      const row: AdminCandidate = {
        // No profile yet: its id is unknown until it is made (random, ADR 077); the row shows the user id.
        id: data.userId,
        userId: data.userId,
        ...splitName(data.name),
        email: data.email,
        phone: data.phone,
        title: data.currentRole ?? '',
        location: data.location,
        experience: '',
        skills: data.skills,
        visaStatus: '',
        isPrivate: true,
        verified: known.proof.length > 0,
        summary: '',
        createdAt: data.registeredAt,
      };
      return candidateRow(data.userId, row, position, false);
    }
    case 'CandidateProfileCreated':
    case 'CandidateProfileUpdated': {
      const { data } = event;
      if (current?.erased) return current;
      const added = 'source' in data && data.source === 'admin';
      // A profile of an account not in the table (a company user's, or seeded without an account): not a candidate row.
      if (!current && !added) return current;
      const row: AdminCandidate = {
        id: data.profileId,
        userId: current ? current.userId : null,
        firstName: data.firstName,
        lastName: data.lastName,
        // An account's address is the one it signs in with; an added candidate has only the profile's.
        email: current?.userId ? current.email : data.email,
        phone: data.phone,
        title: data.title,
        location: data.location,
        experience: data.experience,
        skills: data.skills,
        visaStatus: '',
        isPrivate: !data.isPublic,
        verified: current?.verified ?? false,
        summary: data.summary,
        createdAt: current?.createdAt ?? ('createdAt' in data ? data.createdAt : data.updatedAt),
      };
      return candidateRow(data.userId, row, position, true);
    }
    case 'CandidateProfileVisibilityChanged':
      return live?.hasProfile ? { ...live, isPrivate: !event.data.isPublic, position } : current;
    case 'IdentityLinked':
    case 'PasswordChanged':
    case 'AddedProfileClaimed':
      return provenUserOf(event) !== null && live && live.userId !== null && !live.verified ? { ...live, verified: true, position } : current;
    case 'PersonErased':
      return current && erasedCandidateRow(event.data.userId, position);
    case 'CompanyRegistered':
    case 'CompanyProfileUpdated':
    case 'UserRoleChanged':
      return current;
    default:
      return unhandled(event);
  }
}

/** Pure: a company row after an event. */
export function evolveCompanyRow(doc: AdminCompanyDocument | null, event: AdminPeopleEvent): AdminCompanyDocument | null {
  const { position } = event;
  switch (event.type) {
    case 'CompanyRegistered': {
      const { data } = event;
      const addedByAdmin = data.ownerUserId === null;
      return {
        _id: data.companyId,
        id: data.companyId,
        name: data.name,
        description: data.description ?? '',
        website: data.website,
        location: data.location,
        verified: addedByAdmin,
        createdAt: event.metadata.occurredAt,
        nameText: data.name.toLowerCase(),
        nameKey: data.name.toLowerCase(),
        addedByAdmin,
        position,
      };
    }
    case 'CompanyProfileUpdated': {
      const { data } = event;
      return (
        doc && {
          ...doc,
          name: data.name,
          description: data.description,
          website: data.website,
          location: data.address,
          verified: true,
          nameText: data.name.toLowerCase(),
          nameKey: data.name.toLowerCase(),
          position,
        }
      );
    }
    case 'UserRegistered':
    case 'UserRoleChanged':
    case 'CandidateProfileCreated':
    case 'CandidateProfileUpdated':
    case 'CandidateProfileVisibilityChanged':
    case 'IdentityLinked':
    case 'PasswordChanged':
    case 'AddedProfileClaimed':
    case 'PersonErased':
      return doc;
    default:
      return unhandled(event);
  }
}

/**
 * `admin-people`: the admin console's Candidates and Companies tables (issue 14, ADR 038).
 *
 * Collection names are global (physical name = name and version), hence the prefix.
 *
 * - `admin-candidates`: every candidate account (type candidate, whatever its role) and every candidate
 *   an admin added. An account without a profile shows its sign-up facts, with `id` the profile
 *   user id (a profile's id is random and unknown until it is made, ADR 077) and `isPrivate` true (nothing of
 *   it is visible to companies); once it has a profile, the profile's facts, with the account's
 *   email (the one it signs in with and invitations are mailed to). An added candidate shows its
 *   profile, with `userId` null; once they claim it from an invitation (`UserRegistered` under
 *   their person id), that row is the account's. `verified`: the person proved they read the
 *   account's mailbox — they signed in through a provider (an identity linked), completed a
 *   password reset (a mailed link) or claimed their added profile with an invitation's (mailed)
 *   token; an added candidate who has not claimed never has. `visaStatus` is '' (no profile holds one).
 *   `PersonErased` replaces the row by a blank tombstone (ADR 019).
 * - `admin-companies`: every company, from sign-up or added by an admin; `verified` when an admin added
 *   it or its profile has been saved (ADR 028), else Pending.
 */
export const adminPeopleProjection = evolvingProjection<typeof schemas, Known>({
  name: 'admin-people',
  // 2: `staff` and `listed` (ADR 070). 3: rows for accounts without a profile are by user id; profile ids are random (ADR 077).
  version: 3,
  collections: {
    'admin-candidates': {
      indexes: [
        { fields: ['position'] },
        { fields: ['createdAt'] },
        { fields: ['nameKey'] },
        { fields: ['firstNameText'], kind: 'substring' },
        { fields: ['lastNameText'], kind: 'substring' },
        { fields: ['emailText'], kind: 'substring' },
      ],
    },
    'admin-companies': { indexes: [{ fields: ['createdAt'] }, { fields: ['nameKey'] }, { fields: ['nameText'], kind: 'substring' }] },
    'admin-proofs': {},
  },
  schemas,
  lookups: (event) => ({
    proof: event.type === 'UserRegistered' && event.data.type === 'candidate' ? { collection: 'admin-proofs', ids: [event.data.userId] } : null,
  }),
  // The proof is written before the row it verifies, as the row reads it (ADR 038).
  slices: [
    slice('admin-proofs', { documents: (event: AdminPeopleEvent) => provenUserOf(event) ?? (event.type === 'PersonErased' ? event.data.userId : null), evolve: evolveProof }),
    slice('admin-candidates', {
      documents: (event: AdminPeopleEvent) => {
        switch (event.type) {
          case 'UserRegistered':
            return event.data.type === 'candidate' ? event.data.userId : null;
          case 'CandidateProfileCreated':
          case 'CandidateProfileUpdated':
          case 'CandidateProfileVisibilityChanged':
          case 'PersonErased':
          case 'UserRoleChanged':
            return event.data.userId;
          case 'IdentityLinked':
          case 'PasswordChanged':
          case 'AddedProfileClaimed':
            return provenUserOf(event);
          case 'CompanyRegistered':
          case 'CompanyProfileUpdated':
            return null;
          default:
            return unhandled(event);
        }
      },
      evolve: (doc: AdminCandidateDocument | null, event: AdminPeopleEvent, { context }: EvolveAt<Known>) => evolveCandidateRow(doc, event, context),
    }),
    slice('admin-companies', {
      documents: (event: AdminPeopleEvent) => (event.type === 'CompanyRegistered' || event.type === 'CompanyProfileUpdated' ? event.data.companyId : null),
      evolve: evolveCompanyRow,
    }),
  ],
});
