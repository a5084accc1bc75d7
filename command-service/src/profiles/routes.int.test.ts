import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES, POSITION_HEADER, PROFILE_IMAGE_MAX_BYTES, PROFILE_MESSAGES, PROFILE_PICTURE_REF, candidateStreamId, profileOfStreamId } from '@hireloop/contracts';
import { IDEMPOTENCY_MESSAGES } from '@hireloop/platform/http/idempotency';
import { createMemoryProfilePictures } from '@hireloop/platform/profile-pictures/memory';
import { fixedClock } from '@hireloop/platform/runtime';
import { grantRoleAsSystem } from '../auth/roles';
import { buildTestCommandApp, candidate, company } from '../shared/test-app';
import { legacyProfileIdFor } from '@hireloop/platform/accounts/profile-id';
import { findProfileId } from './profile-id';
import { PROFILE_WRITES_PER_ACCOUNT } from './throttle';

/**
 * The profile's write routes through the whole command app (memory adapters), as a visitor, the
 * owner, another candidate, a company user, an admin and a super admin (ADR 024).
 */
let ctx: Awaited<ReturnType<typeof buildTestCommandApp>>;
beforeEach(async () => {
  ctx = await buildTestCommandApp();
});
afterEach(async () => {
  await ctx.app.close();
});

interface Caller {
  token: string;
  userId: string;
}
const signUpCandidate = async (who: { name: string; email: string }): Promise<Caller> => {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/candidate/signup', payload: { ...candidate, ...who } });
  expect(response.statusCode).toBe(201);
  return { token: response.json().token, userId: response.json().user.id };
};
const signUpCompany = async (email = company.email): Promise<Caller> => {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/company/signup', payload: { ...company, email } });
  expect(response.statusCode).toBe(201);
  return { token: response.json().token, userId: response.json().user.id };
};
const ada = () => signUpCandidate({ name: 'Ada King Lovelace', email: 'ada@example.com' });

type Method = 'POST' | 'PUT' | 'PATCH';
const send = (method: Method, url: string, payload: unknown, caller: Caller | null, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method,
    url,
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    headers: { 'content-type': 'application/json', ...(caller ? { authorization: `Bearer ${caller.token}` } : {}), ...headers },
  });

const form = {
  jobTitle: 'Data Engineer',
  skills: ['SQL', ' Python', 'sql'],
  experience: '5+ years',
  location: 'London, UK',
  bio: 'Pipelines that stay up.',
  phone: '+44 20 5555 0100',
  linkedinUrl: 'https://linkedin.example/in/ada',
  isActivelyLooking: true,
  isPublic: true,
  profilePicture: null,
  coverPhoto: null,
};
const extraction = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: '',
  phone: '+44 20 5555 0100',
  location: '',
  title: '',
  experience: '',
  skills: [' Go', 'go', 'Rust', '  '],
  summary: 'Engines.',
  education: 'BSc - UCL',
  githubUrl: 'https://github.example/ada',
};
/** A data URL of `bytes` bytes of image. */
const image = (bytes: number) => `data:image/png;base64,${Buffer.alloc(bytes, 7).toString('base64')}`;
const dataUrlOf = (jpeg: Buffer) => `data:image/jpeg;base64,${jpeg.toString('base64')}`;
/** A JPEG of noise as close to `maxBytes` as a square allows (noise does not compress). */
async function photoOf(maxBytes: number): Promise<Buffer> {
  for (let side = 1700; ; side -= 20) {
    const jpeg = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } }).jpeg({ quality: 95 }).toBuffer();
    if (jpeg.length <= maxBytes) return jpeg;
  }
}
const streamEvents = async (userId: string) => {
  const { profileId } = await findProfileId(ctx.deps, userId);
  return profileId === null ? [] : (await ctx.deps.eventStore.readStream(candidateStreamId(profileId))).events;
};

const ROUTES: Array<[Method, string, unknown]> = [
  ['POST', '/api/profile', form],
  ['PUT', '/api/profile', form],
  ['PATCH', '/api/profile/privacy', { isPublic: false }],
  ['POST', '/api/candidates', extraction],
];

describe('who may write a profile', () => {
  it.each(ROUTES)('a visitor is asked to sign in (%s %s)', async (method, url, payload) => {
    const response = await send(method, url, payload, null);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, error: MESSAGES.signInRequired });
  });

  it.each(ROUTES)('a company user has no profile (%s %s)', async (method, url, payload) => {
    const response = await send(method, url, payload, await signUpCompany());
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe(PROFILE_MESSAGES.candidatesOnly);
  });

  it('a super admin of a company is still a company user: no profile', async () => {
    const boss = await signUpCompany('boss@northwind.example');
    await grantRoleAsSystem(ctx.deps, 'boss@northwind.example', 'super_admin', 'test');
    expect((await send('POST', '/api/profile', form, boss)).statusCode).toBe(403);
  });

  it('an admin who is a candidate has a profile of their own like any candidate', async () => {
    const admin = await signUpCandidate({ name: 'Grace Hopper', email: 'grace@example.com' });
    await grantRoleAsSystem(ctx.deps, 'grace@example.com', 'admin', 'test');
    const created = await send('POST', '/api/profile', form, admin);
    expect(created.statusCode).toBe(201);
    expect(created.json().profile).toMatchObject({ userId: admin.userId, firstName: 'Grace', lastName: 'Hopper' });
  });

  it('another candidate only ever reaches their own profile: their edits never touch the owner’s', async () => {
    const owner = await ada();
    expect((await send('POST', '/api/profile', form, owner)).statusCode).toBe(201);
    const other = await signUpCandidate({ name: 'Brook Otter', email: 'brook@example.com' });
    const edit = await send('PUT', '/api/profile', { ...form, jobTitle: 'Hijacked' }, other);
    expect(edit.statusCode).toBe(404);
    expect(edit.json().error).toBe(PROFILE_MESSAGES.noProfileYet);
    const hide = await send('PATCH', '/api/profile/privacy', { isPublic: false }, other);
    expect(hide.statusCode).toBe(404);
    expect(await streamEvents(owner.userId)).toHaveLength(1);
    expect(await streamEvents(other.userId)).toHaveLength(0);
  });

  it('a super admin who is a candidate cannot edit someone else’s profile either', async () => {
    const owner = await ada();
    expect((await send('POST', '/api/profile', form, owner)).statusCode).toBe(201);
    const boss = await signUpCandidate({ name: 'Root Person', email: 'root@example.com' });
    await grantRoleAsSystem(ctx.deps, 'root@example.com', 'super_admin', 'test');
    expect((await send('PATCH', '/api/profile/privacy', { isPublic: false }, boss)).statusCode).toBe(404);
    expect(await streamEvents(owner.userId)).toHaveLength(1);
  });
});

describe('the owner’s profile', () => {
  it('is created from the wizard form: names from the account, email the account’s, skills cleaned, actively looking = immediate', async () => {
    const owner = await ada();
    const response = await send('POST', '/api/profile', form, owner);
    expect(response.statusCode).toBe(201);
    expect(response.headers[POSITION_HEADER]).toMatch(/.+/);
    expect(response.json()).toEqual({
      success: true,
      profile: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        userId: owner.userId,
        firstName: 'Ada',
        lastName: 'King Lovelace',
        title: 'Data Engineer',
        skills: ['SQL', 'Python'],
        experience: '5+ years',
        location: 'London, UK',
        summary: 'Pipelines that stay up.',
        phone: '+44 20 5555 0100',
        email: 'ada@example.com',
        linkedinUrl: 'https://linkedin.example/in/ada',
        githubUrl: '',
        portfolioUrl: '',
        education: '',
        salaryExpectation: '',
        profilePicture: null,
        coverPhoto: null,
        availability: 'immediate',
        workPreference: 'hybrid',
        isPublic: true,
        isPrivate: false,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    });
    const [event] = await streamEvents(owner.userId);
    expect(event).toMatchObject({ type: 'CandidateProfileCreated', data: { source: 'wizard', userId: owner.userId } });
  });

  it('is created once', async () => {
    const owner = await ada();
    expect((await send('POST', '/api/profile', form, owner)).statusCode).toBe(201);
    const again = await send('POST', '/api/profile', form, owner);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(PROFILE_MESSAGES.profileExists);
    const fromResume = await send('POST', '/api/candidates', extraction, owner);
    expect(fromResume.statusCode).toBe(409);
  });

  it('is edited with the whole form, keeping names and creation time', async () => {
    const owner = await ada();
    const created = (await send('POST', '/api/profile', form, owner)).json().profile;
    const response = await send('PUT', '/api/profile', { ...form, jobTitle: 'Staff Data Engineer', isActivelyLooking: false, email: 'ada.work@example.com' }, owner);
    expect(response.statusCode).toBe(200);
    expect(response.headers[POSITION_HEADER]).toMatch(/.+/);
    expect(response.json().profile).toMatchObject({
      firstName: 'Ada',
      title: 'Staff Data Engineer',
      availability: 'open',
      email: 'ada.work@example.com',
      createdAt: created.createdAt,
    });
  });

  it('edits and visibility need a profile first', async () => {
    const owner = await ada();
    for (const [method, url, payload] of [ROUTES[1]!, ROUTES[2]!]) {
      const response = await send(method, url, payload, owner);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe(PROFILE_MESSAGES.noProfileYet);
    }
  });

  it('is made private and public again; asking twice records once', async () => {
    const owner = await ada();
    await send('POST', '/api/profile', form, owner);
    const hidden = await send('PATCH', '/api/profile/privacy', { isPublic: false }, owner);
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toEqual({ success: true, isPublic: false, isPrivate: true });
    expect(hidden.headers[POSITION_HEADER]).toMatch(/.+/);
    const again = await send('PATCH', '/api/profile/privacy', { isPublic: false }, owner);
    expect(again.json()).toEqual({ success: true, isPublic: false, isPrivate: true });
    const shown = await send('PATCH', '/api/profile/privacy', { isPublic: true }, owner);
    expect(shown.json()).toEqual({ success: true, isPublic: true, isPrivate: false });
    expect((await streamEvents(owner.userId)).map((event) => event.type)).toEqual(['CandidateProfileCreated', 'CandidateProfileVisibilityChanged', 'CandidateProfileVisibilityChanged']);
  });

  it('is created from a resume extraction: Registration Successful, source resume, missing fields empty, skills distinct', async () => {
    const owner = await ada();
    const response = await send('POST', '/api/candidates', extraction, owner);
    expect(response.statusCode).toBe(201);
    expect(response.headers[POSITION_HEADER]).toMatch(/.+/);
    expect(response.json()).toMatchObject({
      success: true,
      message: PROFILE_MESSAGES.registrationSuccessful,
      profile: { firstName: 'Ada', lastName: 'Lovelace', title: '', experience: '', location: '', email: 'ada@example.com', skills: ['Go', 'Rust'], availability: 'immediate', workPreference: 'hybrid' },
    });
    expect((await streamEvents(owner.userId))[0]).toMatchObject({ data: { source: 'resume' } });
  });

  it('takes two pictures of 2 MB each as data URLs, and keeps them as files: the profile holds their addresses (ADR 046)', async () => {
    const owner = await ada();
    const big = await photoOf(PROFILE_IMAGE_MAX_BYTES);
    expect(big.length).toBeGreaterThan(PROFILE_IMAGE_MAX_BYTES - 64 * 1024);
    const response = await send('POST', '/api/profile', { ...form, profilePicture: dataUrlOf(big), coverPhoto: dataUrlOf(big) }, owner);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().profile.profilePicture).toMatch(PROFILE_PICTURE_REF);
    expect(response.json().profile.coverPhoto).toMatch(PROFILE_PICTURE_REF);
  });
});

describe('the form’s rules (part 2 §5)', () => {
  let owner: Caller;
  beforeEach(async () => {
    owner = await ada();
  });

  it.each([
    ['jobTitle', PROFILE_MESSAGES.jobTitleRequired],
    ['skills', PROFILE_MESSAGES.skillRequired],
    ['experience', PROFILE_MESSAGES.experienceRequired],
    ['location', PROFILE_MESSAGES.locationRequired],
    ['isActivelyLooking', 'Say whether you are actively looking (true or false)'],
    ['isPublic', 'Say whether the profile is public (true or false)'],
  ])('without %s: "%s"', async (field, message) => {
    for (const method of ['POST', 'PUT'] as const) {
      const { [field as keyof typeof form]: _left, ...rest } = form;
      const response = await send(method, '/api/profile', rest, owner);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(message);
    }
  });

  it.each([
    ['jobTitle', '   ', PROFILE_MESSAGES.jobTitleRequired],
    ['experience', '', PROFILE_MESSAGES.experienceRequired],
    ['location', ' ', PROFILE_MESSAGES.locationRequired],
    ['skills', [], PROFILE_MESSAGES.skillRequired],
    ['skills', ['  ', ''], PROFILE_MESSAGES.skillRequired],
  ])('a blank %s: "%s"', async (field, value, message) => {
    const response = await send('POST', '/api/profile', { ...form, [field]: value }, owner);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(message);
  });

  it('bio, phone, links and pictures may be left out', async () => {
    const response = await send('POST', '/api/profile', { jobTitle: 'Dev', skills: ['Go'], experience: '1 year', location: 'Oslo', isActivelyLooking: false, isPublic: false }, owner);
    expect(response.statusCode).toBe(201);
    expect(response.json().profile).toMatchObject({ summary: '', phone: '', linkedinUrl: '', profilePicture: null, coverPhoto: null, isPrivate: true, availability: 'open' });
  });

  it.each<[string, unknown]>([
    ['skills as text', { ...form, skills: 'SQL, Python' }],
    ['a number for the title', { ...form, jobTitle: 42 }],
    ['a string for a boolean', { ...form, isPublic: 'yes' }],
    ['a link that is not http(s)', { ...form, linkedinUrl: 'javascript:alert(1)' }],
    ['a picture that is not an image', { ...form, profilePicture: 'data:text/html;base64,PHNjcmlwdD4=' }],
    ['a picture that is a link', { ...form, coverPhoto: 'https://evil.example/x.png' }],
    ['an unknown work preference', { ...form, workPreference: 'moon' }],
    ['an array for a body', [form]],
    ['null for a body', null],
  ])('%s is a 400, never a 500', async (_label, payload) => {
    for (const method of ['POST', 'PUT'] as const) {
      const response = await send(method, '/api/profile', payload, owner);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: expect.any(String) });
    }
  });

  it('NUL bytes anywhere are refused', async () => {
    for (const payload of [{ ...form, jobTitle: 'Dev\u0000' }, { ...form, skills: ['Go\u0000'] }, { ...extraction, summary: 'a\u0000b' }]) {
      const url = 'summary' in payload ? '/api/candidates' : '/api/profile';
      const response = await send('POST', url, payload, owner);
      expect(response.statusCode).toBe(400);
    }
    expect(await streamEvents(owner.userId)).toHaveLength(0);
  });

  it('a picture over 2 MB is refused with the image size message', async () => {
    const response = await send('POST', '/api/profile', { ...form, profilePicture: image(PROFILE_IMAGE_MAX_BYTES + 4096) }, owner);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(PROFILE_MESSAGES.imageTooLarge);
  });

  it('a body over 6 MB is a 413 in the product’s error shape', async () => {
    const response = await send('POST', '/api/profile', { ...form, bio: 'x'.repeat(6 * 1024 * 1024 + 10) }, owner);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ success: false, error: 'The request body is too large (the limit is 6 MB).' });
  });

  it('a privacy change needs a boolean', async () => {
    await send('POST', '/api/profile', form, owner);
    for (const payload of [{}, { isPublic: 'false' }, { isPublic: null }]) {
      const response = await send('PATCH', '/api/profile/privacy', payload, owner);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('isPublic must be true or false');
    }
  });

  it('an extraction with too many skills or a bad link is a 400', async () => {
    for (const payload of [{ ...extraction, skills: Array.from({ length: 101 }, (_, i) => `skill ${i}`) }, { ...extraction, githubUrl: 'ftp://x' }, { ...extraction, skills: 'Go' }]) {
      expect((await send('POST', '/api/candidates', payload, owner)).statusCode).toBe(400);
    }
  });
});

describe('retries with an Idempotency-Key (ADR 015)', () => {
  it('the profile routes take part, and a profile answer is never kept: the repeat is a 409 and nothing happens twice', async () => {
    const owner = await ada();
    const first = await send('POST', '/api/profile', form, owner, { 'idempotency-key': 'create-profile-1' });
    expect(first.statusCode).toBe(201);
    const repeat = await send('POST', '/api/profile', form, owner, { 'idempotency-key': 'create-profile-1' });
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json().error).toBe(IDEMPOTENCY_MESSAGES.answerNotKept);
    const otherBody = await send('POST', '/api/profile', { ...form, jobTitle: 'Other' }, owner, { 'idempotency-key': 'create-profile-1' });
    expect(otherBody.statusCode).toBe(422);
    expect(await streamEvents(owner.userId)).toHaveLength(1);
  });
});

describe('a script writing profiles over and over', () => {
  it('is stopped after 30 writes an hour per account with a 429 that says when to come back', async () => {
    const owner = await ada();
    expect((await send('POST', '/api/profile', form, owner)).statusCode).toBe(201);
    for (let i = 1; i < PROFILE_WRITES_PER_ACCOUNT.limit; i++) expect((await send('PATCH', '/api/profile/privacy', { isPublic: i % 2 === 0 }, owner)).statusCode).toBe(200);
    const refused = await send('PUT', '/api/profile', form, owner);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(/^You have changed your profile many times in a short while\. Please try again in \d+ minutes?\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another candidate is not held back by it.
    const other = await signUpCandidate({ name: 'Brook Otter', email: 'brook@example.com' });
    expect((await send('POST', '/api/profile', form, other)).statusCode).toBe(201);
  });
});

describe('pictures the profile no longer shows (ADR 046)', () => {
  it('are deleted at a later save once unused for 30 minutes; the ones it shows are kept', async () => {
    await ctx.app.close();
    const clock = fixedClock('2026-11-27T09:00:00.000Z');
    const pictures = createMemoryProfilePictures();
    ctx = await buildTestCommandApp({ clock, pictures });
    const owner = await ada();
    const jpeg = async (background: string) => dataUrlOf(await sharp({ create: { width: 40, height: 40, channels: 3, background } }).jpeg().toBuffer());
    const created = await send('POST', '/api/profile', { ...form, profilePicture: await jpeg('#aa0000') }, owner);
    expect(created.statusCode, created.body).toBe(201);
    const replaced = await send('PUT', '/api/profile', { ...form, profilePicture: await jpeg('#0000aa') }, owner);
    expect(replaced.statusCode, replaced.body).toBe(200);
    // Within the grace time both are kept (a wizard's upload, or a save racing this one, may still need the first).
    expect(pictures.count()).toBe(2);

    clock.advance(31 * 60_000);
    expect((await send('PATCH', '/api/profile/privacy', { isPublic: false }, owner)).statusCode).toBe(200);
    expect(pictures.count()).toBe(1);
    const shown = PROFILE_PICTURE_REF.exec(replaced.json().profile.profilePicture)![1]!;
    expect(await pictures.get(shown)).not.toBeNull();
    expect(await pictures.get(PROFILE_PICTURE_REF.exec(created.json().profile.profilePicture)![1]!)).toBeNull();
  });
});

describe('profile ids (ADR 077)', () => {
  it('a new profile gets a random id, recorded for its owner: not the one derivable from the user id', async () => {
    const owner = await ada();
    const response = await send('POST', '/api/profile', form, owner);
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().profile.id as string;
    expect(id).not.toBe(legacyProfileIdFor(owner.userId));
    expect((await ctx.deps.eventStore.readStream(candidateStreamId(legacyProfileIdFor(owner.userId)))).events).toHaveLength(0);
    const index = (await ctx.deps.eventStore.readStream(profileOfStreamId(owner.userId))).events;
    expect(index.map((event) => [event.type, event.data])).toEqual([['CandidateProfileIdAssigned', { userId: owner.userId, profileId: id, assignedAt: expect.any(String) }]]);
    // The owner's later writes reach the same profile; a second creation is refused.
    expect((await send('PUT', '/api/profile', { ...form, jobTitle: 'Staff Data Engineer' }, owner)).json().profile).toMatchObject({ id, title: 'Staff Data Engineer' });
    expect((await send('POST', '/api/profile', form, owner)).statusCode).toBe(409);
    expect(await streamEvents(owner.userId)).toHaveLength(2);
  });

  it('two first saves at once make one profile', async () => {
    const owner = await ada();
    const answers = await Promise.all([send('POST', '/api/profile', form, owner), send('POST', '/api/profile', form, owner)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect((await ctx.deps.eventStore.readStream(profileOfStreamId(owner.userId))).events).toHaveLength(1);
  });

  it('a profile made before ADR 077 keeps its derived id: its owner edits it and cannot make a second', async () => {
    const owner = await ada();
    const legacyId = legacyProfileIdFor(owner.userId);
    const at = '2026-10-01T09:00:00.000Z';
    await ctx.deps.eventStore.append(candidateStreamId(legacyId), [
      {
        type: 'CandidateProfileCreated',
        data: {
          profileId: legacyId,
          userId: owner.userId,
          source: 'wizard',
          createdAt: at,
          firstName: 'Ada',
          lastName: 'King Lovelace',
          title: 'Old Title',
          skills: ['SQL'],
          experience: '5+ years',
          location: 'London',
          summary: '',
          phone: '',
          email: 'ada@example.com',
          linkedinUrl: '',
          githubUrl: '',
          portfolioUrl: '',
          education: '',
          salaryExpectation: '',
          profilePicture: null,
          coverPhoto: null,
          availability: 'immediate',
          workPreference: 'remote',
          isPublic: true,
        },
        metadata: { eventId: 'legacy-1', occurredAt: at, actor: { userId: owner.userId, role: 'candidate' }, correlationId: 'legacy', causationId: null, schemaVersion: 1 },
      },
    ]);
    expect((await send('POST', '/api/profile', form, owner)).statusCode).toBe(409);
    const updated = await send('PUT', '/api/profile', { ...form, jobTitle: 'New Title' }, owner);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().profile).toMatchObject({ id: legacyId, title: 'New Title' });
    expect((await ctx.deps.eventStore.readStream(profileOfStreamId(owner.userId))).events).toHaveLength(0);
  });
});
