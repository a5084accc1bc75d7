import { describe, expect, it } from 'vitest';
import { createMemoryEventStore, type Actor, type EventStore } from '@hireloop/platform/event-store';
import { createMemoryReadStore, type ReadStore } from '@hireloop/platform/read-store';
import { legacyProfileIdFor as profileIdFor } from '@hireloop/platform/accounts/profile-id';
import type { CandidateProfileCreated, CompanyProfileUpdated, CompanyRegistered, UserRegistered } from '@hireloop/contracts';
import { ProjectionRunner } from '../runner';
import { adminPeopleProjection } from './projection';
import { adminCandidatesCollection, listAdminCandidates, listAdminCompanies } from './queries';

let eventIds = 0;
const admin: Actor = { userId: 'admin-1', role: 'admin' };
const append = (eventStore: EventStore, streamId: string, type: string, data: unknown, actor: Actor = 'system', occurredAt = '2026-11-22T10:00:00.000Z') =>
  eventStore.append(streamId, [{ type, data, metadata: { eventId: `e-${++eventIds}`, occurredAt, actor, correlationId: 'test', causationId: null, schemaVersion: 1 } }]);

const registered = (userId: string, name: string, email: string, at: string, type: 'candidate' | 'company' = 'candidate'): UserRegistered => ({
  userId,
  type,
  role: type,
  name,
  email,
  phone: '+1 555 0100',
  location: 'Austin, TX',
  currentRole: type === 'candidate' ? 'Engineer' : null,
  skills: type === 'candidate' ? ['Go'] : [],
  companyId: type === 'company' ? `co-${userId}` : null,
  registeredAt: at,
});

const profile = (userId: string, overrides: Partial<CandidateProfileCreated> = {}): CandidateProfileCreated => ({
  profileId: profileIdFor(userId),
  userId,
  firstName: 'Ada',
  lastName: 'Lovelace',
  title: 'Analyst',
  skills: ['Math', 'Engines'],
  experience: '10+',
  location: 'London, UK',
  summary: 'Engines.',
  phone: '+44 555 0101',
  email: 'ada@profile.example',
  linkedinUrl: '',
  githubUrl: '',
  portfolioUrl: '',
  education: '',
  salaryExpectation: '',
  profilePicture: null,
  coverPhoto: null,
  availability: 'immediate',
  workPreference: 'hybrid',
  isPublic: true,
  source: 'wizard',
  createdAt: '2026-11-22T11:00:00.000Z',
  ...overrides,
});

const all = { search: '', page: 1, pageSize: 100, sort: 'newest' } as const;

const project = async (eventStore: EventStore, readStore: ReadStore = createMemoryReadStore()) => {
  await new ProjectionRunner({ eventStore, readStore, projection: adminPeopleProjection }).catchUp();
  return readStore;
};

describe('admin-people: candidates', () => {
  it('an account without a profile shows its sign-up facts, its user id (a profile id is random, ADR 077), private and unverified', async () => {
    const eventStore = createMemoryEventStore();
    await append(eventStore, 'user-u1', 'UserRegistered', registered('u1', 'Casey Quill Feather', 'casey@x.example', '2026-11-20T09:00:00.000Z'));
    await append(eventStore, 'user-c1', 'UserRegistered', registered('c1', 'Company Person', 'co@x.example', '2026-11-20T09:00:00.000Z', 'company'));
    const { candidates, total } = await listAdminCandidates(await project(eventStore), all);
    expect(total).toBe(1);
    expect(candidates[0]).toEqual({
      id: 'u1',
      userId: 'u1',
      firstName: 'Casey',
      lastName: 'Quill Feather',
      email: 'casey@x.example',
      phone: '+1 555 0100',
      title: 'Engineer',
      location: 'Austin, TX',
      experience: '',
      skills: ['Go'],
      visaStatus: '',
      isPrivate: true,
      verified: false,
      summary: '',
      createdAt: '2026-11-20T09:00:00.000Z',
    });
  });

  it('a profile replaces the facts but keeps the account’s email and creation; visibility follows', async () => {
    const eventStore = createMemoryEventStore();
    await append(eventStore, 'user-u1', 'UserRegistered', registered('u1', 'Casey', 'casey@x.example', '2026-11-20T09:00:00.000Z'));
    await append(eventStore, `candidate-${profileIdFor('u1')}`, 'CandidateProfileCreated', profile('u1'));
    await append(eventStore, `candidate-${profileIdFor('u1')}`, 'CandidateProfileVisibilityChanged', {
      profileId: profileIdFor('u1'),
      userId: 'u1',
      isPublic: false,
      changedAt: '2026-11-22T12:00:00.000Z',
    });
    const [row] = (await listAdminCandidates(await project(eventStore), all)).candidates;
    expect(row).toMatchObject({ userId: 'u1', firstName: 'Ada', lastName: 'Lovelace', email: 'casey@x.example', title: 'Analyst', isPrivate: true, createdAt: '2026-11-20T09:00:00.000Z' });
  });

  it('a candidate an admin added has no user id and the profile’s email', async () => {
    const eventStore = createMemoryEventStore();
    await append(eventStore, `candidate-${profileIdFor('p1')}`, 'CandidateProfileCreated', profile('p1', { source: 'admin' }), admin);
    const [row] = (await listAdminCandidates(await project(eventStore), all)).candidates;
    expect(row).toMatchObject({ id: profileIdFor('p1'), userId: null, email: 'ada@profile.example', verified: false, createdAt: '2026-11-22T11:00:00.000Z' });
  });

  it('an added candidate who claims their profile from an invitation: one row, the account’s, verified; later profile edits keep it so', async () => {
    const eventStore = createMemoryEventStore();
    await append(eventStore, `candidate-${profileIdFor('p1')}`, 'CandidateProfileCreated', profile('p1', { source: 'admin' }), admin);
    // Someone else's sign-up and claim proof do not touch the row (the proof is for another person).
    await append(eventStore, 'user-u9', 'UserRegistered', registered('u9', 'Other Person', 'other@x.example', '2026-11-23T09:00:00.000Z'));
    const before = (await listAdminCandidates(await project(eventStore), all)).candidates.find((row) => row.id === profileIdFor('p1'));
    expect(before).toMatchObject({ userId: null, verified: false });
    // The claim: the account under the person id, in one append with its proof.
    await eventStore.appendToStreams([
      {
        streamId: 'user-p1',
        expectedVersion: 'no_stream',
        events: [
          { type: 'UserRegistered', data: registered('p1', 'Ada Lovelace', 'ada@profile.example', '2026-11-24T09:00:00.000Z'), metadata: { eventId: 'claim-1', occurredAt: '2026-11-24T09:00:00.000Z', actor: { userId: 'p1', role: 'candidate' }, correlationId: 'test', causationId: null, schemaVersion: 1 } },
          { type: 'AddedProfileClaimed', data: { userId: 'p1', profileId: profileIdFor('p1'), invitationId: 'i1', claimedAt: '2026-11-24T09:00:00.000Z' }, metadata: { eventId: 'claim-2', occurredAt: '2026-11-24T09:00:00.000Z', actor: { userId: 'p1', role: 'candidate' }, correlationId: 'test', causationId: null, schemaVersion: 1 } },
        ],
      },
    ]);
    const readStore = await project(eventStore);
    const rows = (await listAdminCandidates(readStore, { ...all, search: 'lovelace' })).candidates;
    expect(rows).toHaveLength(1);
    // The profile's facts and its place in the table stay; it is the account's row now, and verified.
    expect(rows[0]).toEqual({ ...before, userId: 'p1', verified: true });
    expect((await adminCandidatesCollection(readStore).get('p1'))?.hasProfile).toBe(true);
    await append(eventStore, `candidate-${profileIdFor('p1')}`, 'CandidateProfileVisibilityChanged', { profileId: profileIdFor('p1'), userId: 'p1', isPublic: false, changedAt: '2026-11-25T12:00:00.000Z' });
    await append(eventStore, `candidate-${profileIdFor('p1')}`, 'CandidateProfileUpdated', { ...profile('p1'), source: undefined, createdAt: undefined, title: 'Engine Analyst', email: 'elsewhere@x.example', updatedAt: '2026-11-25T13:00:00.000Z' });
    const [after] = (await listAdminCandidates(await project(eventStore, readStore), { ...all, search: 'lovelace' })).candidates;
    expect(after).toMatchObject({ userId: 'p1', verified: true, title: 'Engine Analyst', email: 'ada@profile.example' });
  });

  it('a sign-up of an erased added candidate’s id, or of an account that already has its row, changes nothing', async () => {
    const eventStore = createMemoryEventStore();
    await append(eventStore, `candidate-${profileIdFor('p1')}`, 'CandidateProfileCreated', profile('p1', { source: 'admin' }), admin);
    await append(eventStore, 'user-p1', 'PersonErased', { userId: 'p1', erasedAt: '2026-11-23T09:00:00.000Z' });
    await append(eventStore, 'user-u1', 'UserRegistered', registered('u1', 'Casey', 'casey@x.example', '2026-11-20T09:00:00.000Z'));
    const readStore = await project(eventStore);
    await append(eventStore, 'user-p1', 'UserRegistered', registered('p1', 'Ada Lovelace', 'ada@profile.example', '2026-11-24T09:00:00.000Z'));
    await append(eventStore, 'user-u1', 'UserRegistered', registered('u1', 'Casey Again', 'casey2@x.example', '2026-11-24T09:00:00.000Z'));
    await project(eventStore, readStore);
    expect((await adminCandidatesCollection(readStore).get('p1'))?.erased).toBe(true);
    expect((await listAdminCandidates(readStore, all)).candidates.map((row) => [row.userId, row.email])).toEqual([['u1', 'casey@x.example']]);
  });

  it('verified once the person proved the mailbox: a provider identity linked, or a password reset completed (before or after the row)', async () => {
    const eventStore = createMemoryEventStore();
    await append(eventStore, 'identity-linkedin-h', 'IdentityLinked', { provider: 'linkedin', subject: 's', userId: 'u1' });
    await append(eventStore, 'user-u1', 'UserRegistered', registered('u1', 'Linked In', 'li@x.example', '2026-11-20T09:00:00.000Z'));
    await append(eventStore, 'user-u2', 'UserRegistered', registered('u2', 'Reset Person', 'reset@x.example', '2026-11-20T10:00:00.000Z'));
    await append(eventStore, 'user-u2', 'PasswordChanged', { userId: 'u2', method: 'reset' });
    await append(eventStore, 'user-u3', 'UserRegistered', registered('u3', 'Plain Person', 'plain@x.example', '2026-11-20T11:00:00.000Z'));
    await append(eventStore, 'user-u3', 'PasswordResetRequested', { userId: 'u3', expiresAt: '2026-11-21T00:00:00.000Z' });
    const rows = (await listAdminCandidates(await project(eventStore), { ...all, sort: 'oldest' })).candidates;
    expect(rows.map((row) => [row.userId, row.verified])).toEqual([
      ['u1', true],
      ['u2', true],
      ['u3', false],
    ]);
  });

  it('an erased person leaves a blank tombstone: out of every answer, nothing of theirs kept', async () => {
    const eventStore = createMemoryEventStore();
    await append(eventStore, 'user-u1', 'UserRegistered', registered('u1', 'Casey Quill', 'casey@x.example', '2026-11-20T09:00:00.000Z'));
    await append(eventStore, `candidate-${profileIdFor('u1')}`, 'CandidateProfileCreated', profile('u1'));
    await append(eventStore, `candidate-${profileIdFor('p1')}`, 'CandidateProfileCreated', profile('p1', { source: 'admin', email: 'added@x.example' }), admin);
    await append(eventStore, 'user-u1', 'PersonErased', { userId: 'u1', erasedAt: '2026-11-23T00:00:00.000Z' });
    await append(eventStore, 'user-p1', 'PersonErased', { userId: 'p1', erasedAt: '2026-11-23T00:00:00.000Z' });
    // A late event of the erased profile finds nothing to bring back.
    await append(eventStore, `candidate-${profileIdFor('u1')}`, 'CandidateProfileVisibilityChanged', { profileId: profileIdFor('u1'), userId: 'u1', isPublic: true, changedAt: '2026-11-24T00:00:00.000Z' });
    const readStore = await project(eventStore);
    expect((await listAdminCandidates(readStore, all)).total).toBe(0);
    const stored = JSON.stringify(await adminCandidatesCollection(readStore).find({}));
    for (const text of ['Casey', 'Lovelace', 'casey@x.example', 'added@x.example', '555']) expect(stored).not.toContain(text);
  });

  it('a staff account (admin or super admin) without a profile is no candidate: not listed; with a profile it is (ADR 070)', async () => {
    const eventStore = createMemoryEventStore();
    // The seed's super admin: signed up as a candidate (there is no other account type), then granted the role.
    await append(eventStore, 'user-sam', 'UserRegistered', registered('sam', 'Sam Ortiz', 'sam.ortiz@hireloop.example', '2026-11-20T09:00:00.000Z'));
    await append(eventStore, 'user-sam', 'UserRoleChanged', { userId: 'sam', from: 'candidate', to: 'super_admin' });
    await append(eventStore, 'user-u1', 'UserRegistered', registered('u1', 'Casey Quill', 'casey@x.example', '2026-11-20T10:00:00.000Z'));
    await append(eventStore, 'user-u2', 'UserRegistered', registered('u2', 'Dana Admin', 'dana@x.example', '2026-11-20T11:00:00.000Z'));
    await append(eventStore, `candidate-${profileIdFor('u2')}`, 'CandidateProfileCreated', profile('u2'));
    await append(eventStore, 'user-u2', 'UserRoleChanged', { userId: 'u2', from: 'candidate', to: 'admin' });
    const readStore = await project(eventStore);
    expect((await listAdminCandidates(readStore, all)).candidates.map((row) => row.userId).sort()).toEqual(['u1', 'u2']);
    expect((await listAdminCandidates(readStore, { ...all, search: 'ortiz' })).total).toBe(0);
    expect(await adminCandidatesCollection(readStore).get('sam')).toMatchObject({ staff: true, listed: false, erased: false });

    // Made a candidate again: listed again.
    await append(eventStore, 'user-sam', 'UserRoleChanged', { userId: 'sam', from: 'super_admin', to: 'candidate' });
    // Made an admin (Make Admin), without a profile: no longer listed.
    await append(eventStore, 'user-u1', 'UserRoleChanged', { userId: 'u1', from: 'candidate', to: 'admin' });
    expect((await listAdminCandidates(await project(eventStore), all)).candidates.map((row) => row.userId).sort()).toEqual(['sam', 'u2']);
  });

  it('searches first name, last name and email ignoring case, sorts and clamps', async () => {
    const eventStore = createMemoryEventStore();
    const names = ['Zed Alpha', 'yana Beta', 'Xavier Gamma'];
    for (const [i, name] of names.entries()) {
      await append(eventStore, `user-u${i}`, 'UserRegistered', registered(`u${i}`, name, `person${i}@MAIL.example`, `2026-11-2${i}T09:00:00.000Z`));
    }
    const readStore = await project(eventStore);
    expect((await listAdminCandidates(readStore, { ...all, search: 'BETA' })).candidates.map((c) => c.firstName)).toEqual(['yana']);
    expect((await listAdminCandidates(readStore, { ...all, search: 'xav' })).candidates.map((c) => c.lastName)).toEqual(['Gamma']);
    expect((await listAdminCandidates(readStore, { ...all, search: 'mail.EXAMPLE' })).total).toBe(3);
    expect((await listAdminCandidates(readStore, { ...all, sort: 'name' })).candidates.map((c) => c.firstName)).toEqual(['Xavier', 'yana', 'Zed']);
    expect((await listAdminCandidates(readStore, { ...all, sort: 'newest' })).candidates.map((c) => c.firstName)).toEqual(['Xavier', 'yana', 'Zed']);
    const clamped = await listAdminCandidates(readStore, { ...all, sort: 'oldest', pageSize: 10, page: 7 });
    expect(clamped).toMatchObject({ page: 1, totalPages: 1, total: 3 });
  });
});

describe('admin-people: companies', () => {
  const company = (companyId: string, name: string, ownerUserId: string | null, description?: string): CompanyRegistered => ({
    companyId,
    name,
    website: 'https://x.example',
    location: 'Austin, TX',
    industry: '',
    ownerUserId,
    ...(description === undefined ? {} : { description }),
  });

  it('an added company is Verified; a signed-up one Pending until its profile is saved', async () => {
    const eventStore = createMemoryEventStore();
    await append(eventStore, 'company-a', 'CompanyRegistered', company('a', 'Acme', null, 'Rockets.'), admin, '2026-11-20T09:00:00.000Z');
    await append(eventStore, 'company-b', 'CompanyRegistered', company('b', 'Brightly', 'u1'), 'system', '2026-11-21T09:00:00.000Z');
    await append(eventStore, 'company-c', 'CompanyRegistered', company('c', 'Cobalt', 'u2'), 'system', '2026-11-22T09:00:00.000Z');
    const saved: CompanyProfileUpdated = {
      companyId: 'c',
      name: 'Cobalt Labs',
      website: 'https://cobalt.example',
      address: 'Denver, CO',
      industry: 'Labs',
      size: '11-50',
      description: 'Blue.',
      updatedBy: 'u2',
      updatedAt: '2026-11-23T09:00:00.000Z',
    };
    await append(eventStore, 'company-c', 'CompanyProfileUpdated', saved);
    const readStore = await project(eventStore);
    const { companies } = await listAdminCompanies(readStore, { search: '', page: 1, pageSize: 25, sort: 'oldest' });
    expect(companies).toEqual([
      { id: 'a', name: 'Acme', description: 'Rockets.', website: 'https://x.example', location: 'Austin, TX', verified: true, createdAt: '2026-11-20T09:00:00.000Z' },
      { id: 'b', name: 'Brightly', description: '', website: 'https://x.example', location: 'Austin, TX', verified: false, createdAt: '2026-11-21T09:00:00.000Z' },
      { id: 'c', name: 'Cobalt Labs', description: 'Blue.', website: 'https://cobalt.example', location: 'Denver, CO', verified: true, createdAt: '2026-11-22T09:00:00.000Z' },
    ]);
    expect((await listAdminCompanies(readStore, { search: 'LABS', page: 1, pageSize: 25, sort: 'name' })).companies.map((c) => c.id)).toEqual(['c']);
  });
});

describe('admin-people: a rebuild from zero equals the live read model', () => {
  it('live, in small batches as events come, then replayed into a fresh store: the same documents', async () => {
    const eventStore = createMemoryEventStore();
    const live = createMemoryReadStore();
    const runner = new ProjectionRunner({ eventStore, readStore: live, projection: adminPeopleProjection, batchSize: 5 });
    for (let i = 0; i < 40; i++) {
      const at = new Date(Date.UTC(2026, 10, 1, 9, i)).toISOString();
      await append(eventStore, `user-u${i}`, 'UserRegistered', registered(`u${i}`, `Person ${i}`, `p${i}@x.example`, at));
      if (i % 3 === 0) await append(eventStore, `candidate-${profileIdFor(`u${i}`)}`, 'CandidateProfileCreated', profile(`u${i}`, { createdAt: at }));
      if (i % 4 === 0) await append(eventStore, `candidate-${profileIdFor(`a${i}`)}`, 'CandidateProfileCreated', profile(`a${i}`, { source: 'admin', createdAt: at }), admin);
      if (i % 5 === 0) await append(eventStore, `user-u${i}`, 'PasswordChanged', { userId: `u${i}`, method: 'reset' });
      if (i % 7 === 0) await append(eventStore, `user-u${i}`, 'PersonErased', { userId: `u${i}`, erasedAt: at });
      if (i % 6 === 0) await runner.catchUp();
    }
    await runner.catchUp();
    const liveDocs = await adminCandidatesCollection(live).find({}, { sort: { _id: 1 } });
    const fresh = await project(eventStore);
    expect(await adminCandidatesCollection(fresh).find({}, { sort: { _id: 1 } })).toEqual(liveDocs);
    await runner.rebuild();
    expect(await adminCandidatesCollection(live).find({}, { sort: { _id: 1 } })).toEqual(liveDocs);
  });
});
