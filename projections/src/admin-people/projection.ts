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
  type AdminCandidate,
  type AdminCompany,
} from '@hireloop/contracts';
import { profileIdFor } from '@hireloop/platform/accounts/profile-id';
import type { ProjectionDefinition } from '../shared/projection';

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

/**
 * `admin-people`: the admin console's Candidates and Companies tables (issue 14, ADR 038).
 *
 * Collection names are global (physical name = name and version), hence the prefix.
 *
 * - `admin-candidates`: every candidate account (type candidate, whatever its role) and every candidate
 *   an admin added. An account without a profile shows its sign-up facts, with `id` the profile
 *   id it will have (`profileIdFor`, derived from the user id) and `isPrivate` true (nothing of
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
export const adminPeopleProjection: ProjectionDefinition = {
  name: 'admin-people',
  version: 1,
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
  eventTypes: [
    'UserRegistered',
    'CandidateProfileCreated',
    'CandidateProfileUpdated',
    'CandidateProfileVisibilityChanged',
    'IdentityLinked',
    'PasswordChanged',
    'AddedProfileClaimed',
    'PersonErased',
    'CompanyRegistered',
    'CompanyProfileUpdated',
  ],
  async apply(event, tx) {
    const candidates = tx.collection<AdminCandidateDocument>('admin-candidates');
    const companies = tx.collection<AdminCompanyDocument>('admin-companies');
    const proofs = tx.collection<ProofDocument>('admin-proofs');
    const { position } = event;
    const live = async (personId: string) => {
      const doc = await candidates.get(personId);
      return doc && !doc.erased ? doc : null;
    };
    const proven = async (userId: string) => {
      await proofs.put({ _id: userId });
      const doc = await live(userId);
      if (doc && doc.userId !== null && !doc.verified) await candidates.put({ ...doc, verified: true, position });
    };

    switch (event.type) {
      case 'UserRegistered': {
        const data = UserRegistered.parse(event.data);
        if (data.type !== 'candidate') return;
        const existing = await candidates.get(data.userId);
        if (existing) {
          // A candidate an admin added made their account from an invitation, under their person id
          // (ADR 038): their row becomes the account's, one row for one person. The profile's facts
          // and the row's place in the table (createdAt) stay; the address is the account's now.
          if (!existing.erased && existing.userId === null) {
            await candidates.put(candidateRow(data.userId, { ...toAdminCandidate(existing), userId: data.userId, email: data.email }, position, existing.hasProfile));
          }
          return;
        }
        const row: AdminCandidate = {
          id: profileIdFor(data.userId),
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
          verified: (await proofs.get(data.userId)) !== null,
          summary: '',
          createdAt: data.registeredAt,
        };
        await candidates.put(candidateRow(data.userId, row, position, false));
        return;
      }
      case 'CandidateProfileCreated':
      case 'CandidateProfileUpdated': {
        const data = event.type === 'CandidateProfileCreated' ? CandidateProfileCreated.parse(event.data) : CandidateProfileUpdated.parse(event.data);
        const current = await candidates.get(data.userId);
        if (current?.erased) return;
        const added = 'source' in data && data.source === 'admin';
        // A profile of an account not in the table (a company user's, or seeded without an account): not a candidate row.
        if (!current && !added) return;
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
        await candidates.put(candidateRow(data.userId, row, position, true));
        return;
      }
      case 'CandidateProfileVisibilityChanged': {
        const data = CandidateProfileVisibilityChanged.parse(event.data);
        const doc = await live(data.userId);
        if (doc?.hasProfile) await candidates.put({ ...doc, isPrivate: !data.isPublic, position });
        return;
      }
      case 'IdentityLinked':
        await proven(IdentityLinked.parse(event.data).userId);
        return;
      case 'PasswordChanged': {
        const data = PasswordChanged.parse(event.data);
        if (data.method === 'reset') await proven(data.userId);
        return;
      }
      // The claim was made with the invitation's token, mailed to the profile's address: a proof like a reset link.
      case 'AddedProfileClaimed':
        await proven(AddedProfileClaimed.parse(event.data).userId);
        return;
      case 'PersonErased': {
        const { userId } = PersonErased.parse(event.data);
        await proofs.delete(userId);
        if (await candidates.get(userId)) await candidates.put(erasedCandidateRow(userId, position));
        return;
      }
      case 'CompanyRegistered': {
        const data = CompanyRegistered.parse(event.data);
        const addedByAdmin = data.ownerUserId === null;
        await companies.put({
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
        });
        return;
      }
      case 'CompanyProfileUpdated': {
        const data = CompanyProfileUpdated.parse(event.data);
        const doc = await companies.get(data.companyId);
        if (!doc) return;
        await companies.put({
          ...doc,
          name: data.name,
          description: data.description,
          website: data.website,
          location: data.address,
          verified: true,
          nameText: data.name.toLowerCase(),
          nameKey: data.name.toLowerCase(),
          position,
        });
        return;
      }
    }
  },
};
