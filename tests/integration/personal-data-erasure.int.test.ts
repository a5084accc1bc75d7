import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERASED, MIN_POSITION_HEADER, POSITION_HEADER, PROFILE_PICTURE_REF, candidateStreamId, emailStreamId, userStreamId, type UserRegistered } from '@hireloop/contracts';
import { accountIdForEmail } from '@hireloop/command-service/auth/accounts';
import { erasePerson } from '@hireloop/command-service/erase-person/erasure';
import { hashPassword } from '@hireloop/platform/accounts/password';
import { emailHash } from '@hireloop/platform/accounts/tokens';
import { loadConfig } from '@hireloop/platform/config';
import { START, type EventStore, type RecordedEvent } from '@hireloop/platform/event-store';
import { createMemoryReadStore } from '@hireloop/platform/read-store';
import { usersCollection } from '@hireloop/projections/users/queries';
import { profilesCollection } from '@hireloop/projections/candidate-profiles/queries';
import { usersProjection } from '@hireloop/projections/users/projection';
import { ProjectionRunner } from '@hireloop/projections/runner';
import { buildApp } from '../../cli/src/app';
import { createRuntime, type Runtime } from '../../cli/src/runtime';
import { outboxDelivered } from '../support/outbox';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

/**
 * ADR 019 end to end on PostgreSQL: personal fields never reach the log in the clear, and
 * erasing a person leaves nothing of theirs readable anywhere in the database (log, read models,
 * outbox, secrets), while the log keeps every event, replays still work and counts still hold.
 * Events written in the clear before sealing existed (schema version 1) are read through the
 * upcaster and forgotten too.
 */
let db: TestDatabase;
let runtime: Runtime;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  db = await createTestDatabase();
  runtime = await createRuntime(loadConfig({ DATABASE_URL: db.url }));
  app = await buildApp(runtime, { spaDir: false, publicUrl: 'http://hireloop.test', readYourWritesTimeoutMs: 15_000 });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await runtime?.close();
  await db?.drop();
});

const ada = { name: 'Ada Quillfeather', email: 'ada.quillfeather@erasure.example', phone: '+44 20 7946 0321', location: 'Wapping, London', currentRole: 'Principal Zymurgist', password: 'ada-has-a-long-password' };
const brook = { name: 'Brook Ottersley', email: 'brook.ottersley@erasure.example', phone: '+1 206 555 0187', location: 'Ballard, Seattle', currentRole: 'Glassblower in residence', password: 'brook-was-here-first' };
const cyd = { name: 'Cyd Marchbanks', email: 'cyd.marchbanks@erasure.example', phone: '+61 2 5550 1234', location: 'Newtown, Sydney', currentRole: 'Harbour pilot', password: 'cyd-stays-around-here' };
/** Ada's candidate profile (ADR 024): its personal texts are sealed with her key like her account's. */
const adaProfile = {
  jobTitle: 'Cellar Master',
  skills: ['Brewing', 'Chemistry'],
  experience: '12 years',
  location: 'Rotherhithe, London',
  bio: 'Twelve winters of barley wine at the Quillfeather brewhouse.',
  phone: '+44 20 7946 0999',
  email: 'ada.q.contact@erasure.example',
  linkedinUrl: 'https://linkedin.example/in/ada-quillfeather',
  githubUrl: 'https://github.example/quillfeather-ada',
  education: 'MSc Zymurgy - Heriot-Watt Quillcollege',
  salaryExpectation: '£97,531',
  // A real (1 x 1) PNG: pictures are re-encoded and kept as files beside the log (ADR 046).
  profilePicture: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  isActivelyLooking: true,
  isPublic: true,
};
const adaProfileTexts = [adaProfile.location, adaProfile.bio, adaProfile.phone, adaProfile.email, adaProfile.linkedinUrl, adaProfile.githubUrl, adaProfile.education, adaProfile.salaryExpectation];
/** Her picture as stored (`profile_pictures.bytes` reads as `\x<hex>`), and its address, once the profile is saved. */
const adaPicture: string[] = [];

/** The texts that must not be readable anywhere once their person is erased. */
const personalTexts = (person: typeof ada) => [person.name, person.email, person.phone, person.location, person.currentRole];

/** Every row of every table in the database, as text, with where it was found. */
async function everythingStored(): Promise<Array<{ table: string; row: string }>> {
  await outboxDelivered(runtime.pool);
  const { rows: tables } = await runtime.pool.query<{ schema: string; name: string }>(
    `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
      WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
  );
  const found: Array<{ table: string; row: string }> = [];
  for (const table of tables) {
    const { rows } = await runtime.pool.query<{ row: string }>(`SELECT t::text AS row FROM "${table.schema}"."${table.name}" t`);
    for (const { row } of rows) found.push({ table: `${table.schema}.${table.name}`, row });
  }
  return found;
}

async function whereStored(texts: string[]) {
  const rows = await everythingStored();
  return texts.flatMap((text) => rows.filter(({ row }) => row.toLowerCase().includes(text.toLowerCase())).map(({ table }) => `${text} in ${table}`));
}

/**
 * Every event of the log up to the last append. The log shows an event once every transaction
 * that began before it has ended (ADR 001), so a busy server may show it a moment later.
 */
async function allEvents(store: EventStore): Promise<RecordedEvent[]> {
  const { rows } = await runtime.pool.query<{ count: number }>('SELECT count(*)::int AS count FROM events');
  for (let attempt = 0; attempt < 300; attempt++) {
    const events: RecordedEvent[] = [];
    let from = START;
    for (;;) {
      const page = await store.readAll(from, { batchSize: 1000 });
      if (page.events.length === 0) break;
      events.push(...page.events);
      from = page.nextPosition;
    }
    if (events.length >= rows[0]!.count) return events;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the log never showed every stored event');
}

async function signUp(person: typeof ada) {
  const response = await app.inject({ method: 'POST', url: '/api/auth/candidate/signup', payload: { ...person, skills: 'Brewing, Chemistry' } });
  expect(response.statusCode).toBe(201);
  return { ...(response.json() as { token: string; user: { id: string } }), position: String(response.headers[POSITION_HEADER]) };
}

/** Brook signed up before sealing existed: the events the old code wrote, in the clear, schema version 1. */
async function signUpTheOldWay(person: typeof brook) {
  const userId = randomUUID();
  const now = new Date().toISOString();
  const metadata = () => ({ eventId: randomUUID(), occurredAt: now, actor: { userId, role: 'candidate' }, correlationId: randomUUID(), causationId: null, schemaVersion: 1 });
  const registered: UserRegistered = { userId, type: 'candidate', role: 'candidate', name: person.name, email: person.email, phone: person.phone, location: person.location, currentRole: person.currentRole, skills: ['Glass'], companyId: null, registeredAt: now };
  await runtime.storedLog.appendToStreams([
    { streamId: emailStreamId(emailHash(person.email)), events: [{ type: 'EmailReserved', data: { email: person.email, userId, reservedAt: now }, metadata: metadata() }], expectedVersion: 'no_stream' },
    { streamId: userStreamId(userId), events: [{ type: 'UserRegistered', data: registered, metadata: metadata() }], expectedVersion: 'no_stream' },
  ]);
  await runtime.secrets.setPasswordHash(userId, await hashPassword(person.password), new Date());
  return userId;
}

const signIn = (person: { email: string; password: string }) => app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: person.email, password: person.password } });

async function usersDocument(userId: string, until: (doc: Record<string, unknown> | null) => boolean) {
  for (let attempt = 0; attempt < 150; attempt++) {
    const doc = (await usersCollection(runtime.readStore).get(userId)) as Record<string, unknown> | null;
    if (until(doc)) return doc;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`users document of ${userId} never reached the expected state`);
}

async function profileDocument(profileId: string, until: (doc: Record<string, unknown> | null) => boolean) {
  for (let attempt = 0; attempt < 150; attempt++) {
    const doc = (await profilesCollection(runtime.readStore).get(profileId)) as Record<string, unknown> | null;
    if (until(doc)) return doc;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`profile document ${profileId} never reached the expected state`);
}

async function mailsTo(email: string, count: number) {
  for (let attempt = 0; attempt < 150; attempt++) {
    const mails = await runtime.mailer.list({ to: email });
    if (mails.length >= count) return mails;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail reached ${email}`);
}

describe('personal data that can be forgotten (ADR 019)', () => {
  let adaId: string;
  let adaToken: string;
  let adaProfileId: string;
  let brookId: string;
  let cydId: string;

  it('a sign-up keeps no personal field of the person in the clear in the log', async () => {
    ({ token: adaToken, user: { id: adaId } } = await signUp(ada));
    ({ user: { id: cydId } } = await signUp(cyd));
    brookId = await signUpTheOldWay(brook);
    // Sent with an Idempotency-Key: the answer (her whole profile) must not be kept either.
    const profile = await app.inject({ method: 'POST', url: '/api/profile', payload: adaProfile, headers: { authorization: `Bearer ${adaToken}`, 'idempotency-key': 'ada-profile-1' } });
    expect(profile.statusCode).toBe(201);
    adaProfileId = profile.json().profile.id;
    const pictureId = PROFILE_PICTURE_REF.exec(profile.json().profile.profilePicture)![1]!;
    adaPicture.push((await runtime.pictures.get(pictureId))!.bytes.toString('hex'), pictureId);

    const stored = (await allEvents(runtime.storedLog)).map((event) => JSON.stringify(event)).join('\n');
    for (const text of [...personalTexts(ada), ...adaProfileTexts, ...adaPicture]) expect(stored).not.toContain(text);
    // The check can fail: Brook's events from before sealing hold his data in the clear.
    for (const text of personalTexts(brook)) expect(stored).toContain(text);

    const registered = (await runtime.storedLog.readStream(userStreamId(adaId))).events[0]!;
    expect(registered.metadata.schemaVersion).toBe(2);
    expect(registered.data).toEqual(expect.objectContaining({ userId: adaId, sealed: expect.stringMatching(/^v1\./), skills: ['Brewing', 'Chemistry'] }));
    // The app reads it opened.
    const opened = (await runtime.eventStore.readStream(userStreamId(adaId))).events[0]!;
    expect(opened.data).toMatchObject({ name: ada.name, email: ada.email, phone: ada.phone, location: ada.location, currentRole: ada.currentRole });
  });

  it('until erased, both people use their accounts, the old one read through the upcaster', async () => {
    expect((await signIn(brook)).statusCode).toBe(200);
    expect((await signIn(ada)).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: ada.email } })).statusCode).toBe(200);
    await mailsTo(ada.email, 1);
    await usersDocument(brookId, (doc) => doc?.name === brook.name);
    await usersDocument(adaId, (doc) => doc?.email === ada.email);
    await profileDocument(adaProfileId, (doc) => doc?.phone === adaProfile.phone);
    // Before erasing, the database does hold their data (in read models, outbox, Brook's old events).
    expect(await whereStored([ada.email, brook.email])).not.toEqual([]);
    expect(await whereStored([adaProfile.bio])).not.toEqual([]);
    expect(await whereStored([adaPicture[0]!])).toEqual([`${adaPicture[0]} in public.profile_pictures`]);
  });

  it('erasing leaves nothing of them readable in any table of the database, and keeps every event', async () => {
    const before = await allEvents(runtime.storedLog);
    const adaErased = await erasePerson({ ...runtime, sessionTtlMs: 3600_000, publicUrl: 'http://hireloop.test' }, adaId, 'test-erase-ada');
    const brookErased = await erasePerson({ ...runtime, sessionTtlMs: 3600_000, publicUrl: 'http://hireloop.test' }, brookId, 'test-erase-brook');
    expect(adaErased).toMatchObject({ erasedNow: true, mailsDeleted: 1, picturesDeleted: 1, legacyEventsRedacted: 0 });
    // Brook's clear-text UserRegistered and EmailReserved are rewritten; nothing else of the log is.
    expect(brookErased).toMatchObject({ erasedNow: true, legacyEventsRedacted: 2 });

    await usersDocument(adaId, (doc) => doc?.erasedAt !== undefined);
    await usersDocument(brookId, (doc) => doc?.erasedAt !== undefined);
    // Her profile's read document is deleted, not scrubbed.
    await profileDocument(adaProfileId, (doc) => doc === null);

    // Every read model applies the erasure in its own time (the people tables of the admin console, the ledger…): wait for all of them.
    await expect.poll(() => whereStored([...personalTexts(ada), ...personalTexts(brook), ...adaProfileTexts, ...adaPicture]), { timeout: 15_000, interval: 200 }).toEqual([]);
    // The search can find what is there: Cyd, who was not erased, is still stored.
    expect(await whereStored([cyd.email])).not.toEqual([]);

    const after = await allEvents(runtime.storedLog);
    const erasureEvents = ['PersonErased', 'EmailReservationReleased'];
    expect(after.filter((event) => !erasureEvents.includes(event.type)).map((event) => event.metadata.eventId)).toEqual(before.map((event) => event.metadata.eventId));
    expect(after.filter((event) => event.type === 'PersonErased')).toHaveLength(2);
    // Her profile's events are still in the log, sealed; they read as erased, the facts that are not personal intact.
    const [profileCreated] = (await runtime.storedLog.readStream(candidateStreamId(adaProfileId))).events;
    expect(profileCreated).toMatchObject({ type: 'CandidateProfileCreated', data: { userId: adaId, sealed: expect.stringMatching(/^v1\./) } });
    const opened = (await runtime.eventStore.readStream(candidateStreamId(adaProfileId))).events[0]!;
    expect(opened.data).toMatchObject({ title: adaProfile.jobTitle, skills: adaProfile.skills, phone: ERASED, email: ERASED, summary: ERASED, location: ERASED, profilePicture: null });
    expect((await app.inject({ method: 'GET', url: `/api/profiles/${adaProfileId}` })).statusCode).toBe(404);
  });

  it('an erased person reads as erased everywhere the app reads the log, and cannot come back in', async () => {
    for (const userId of [adaId, brookId]) {
      const registered = (await runtime.eventStore.readStream(userStreamId(userId))).events.find((event) => event.type === 'UserRegistered')!;
      expect(registered.data).toMatchObject({ userId, name: ERASED, email: ERASED, phone: ERASED, location: ERASED, currentRole: null });
    }
    expect((await app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: `Bearer ${adaToken}` } })).statusCode).toBe(401);
    expect((await signIn(ada)).statusCode).toBe(401);
    expect((await signIn(brook)).statusCode).toBe(401);
    expect(await runtime.mailer.list({ to: ada.email })).toEqual([]);
    // Cyd is untouched.
    expect((await signIn(cyd)).statusCode).toBe(200);
  });

  it('a replay of the log still works and still counts every account, the erased ones scrubbed', async () => {
    // Into a read store of its own, as an analyst replaying the log would (the app's own keeps running).
    const readStore = createMemoryReadStore();
    await new ProjectionRunner({ eventStore: runtime.eventStore, readStore, projection: usersProjection }).rebuild();
    const users = await usersCollection(readStore).find({}, { sort: { _id: 1 } });
    expect(users).toHaveLength(3);
    const erased = users.filter((user) => user.erasedAt);
    expect(erased.map((user) => user._id).sort()).toEqual([adaId, brookId].sort());
    for (const user of erased) expect(user).toMatchObject({ name: ERASED, email: ERASED, type: 'candidate' });
    expect(users.find((user) => user._id === cydId)).toMatchObject({ name: cyd.name, email: cyd.email });
    const replayed = JSON.stringify(users);
    for (const text of [...personalTexts(ada), ...personalTexts(brook)]) expect(replayed).not.toContain(text);
  });

  it('the address is free again: the person may sign up anew, as someone new', async () => {
    const again = await signUp(ada);
    expect(again.user.id).not.toBe(adaId);
    expect(await accountIdForEmail({ ...runtime, sessionTtlMs: 0, publicUrl: '' }, ada.email)).toBe(again.user.id);
    const me = await app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: `Bearer ${again.token}`, [MIN_POSITION_HEADER]: again.position } });
    expect(me.headers['x-read-model-stale']).toBeUndefined();
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ name: ada.name, email: ada.email });
  });

  it('erasing again finishes what is left and changes nothing else; nothing new is sealed for an erased person', async () => {
    const report = await erasePerson({ ...runtime, sessionTtlMs: 0, publicUrl: '' }, adaId, 'test-erase-again');
    expect(report).toMatchObject({ erasedNow: false, position: '', identitiesUnlinked: 0, mailsDeleted: 0, legacyEventsRedacted: 0 });
    await expect(
      runtime.eventStore.append(userStreamId(adaId), [
        {
          type: 'UserRegistered',
          data: { userId: adaId, type: 'candidate', role: 'candidate', name: ada.name, email: ada.email, phone: '', location: '', currentRole: null, skills: [], companyId: null, registeredAt: new Date().toISOString() },
          metadata: { eventId: randomUUID(), occurredAt: new Date().toISOString(), actor: 'system', correlationId: 'test', causationId: null, schemaVersion: 1 },
        },
      ]),
    ).rejects.toThrow('This account was erased.');
  });
});
