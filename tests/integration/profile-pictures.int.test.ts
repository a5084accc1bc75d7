import { randomUUID } from 'node:crypto';
import pg from 'pg';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { candidateStreamId, PROFILE_MESSAGES, PROFILE_PICTURE_REF } from '@hireloop/contracts';
import { erasePerson } from '@hireloop/command-service/erase-person/erasure';
import { movePicturesOutOfProfiles } from '@hireloop/command-service/profiles/picture-migration';
import { legacyProfileIdFor as profileIdFor } from '@hireloop/platform/accounts/profile-id';
import { NO_STREAM_VERSION } from '@hireloop/platform/event-store';
import { exifHasGps, phonePhotoWithGps, PHONE_MAKE, pngClaiming, SVG_PICTURE } from '@hireloop/platform/profile-pictures/drawn-pictures';
import { useApiApp, type Caller } from '../support/api-app';

/**
 * Profile pictures as files (ADR 046), on PostgreSQL through the real app: what a visitor can
 * fetch carries no EXIF; who may fetch a picture is who may see its profile in full; garbage
 * uploads are 400s; an erasure deletes the bytes; data-URL pictures of old profiles are moved.
 */
const api = useApiApp();
let address = 0;
const inject = (options: { method: 'GET' | 'POST' | 'PUT'; url: string; token?: string | null; payload?: unknown; headers?: Record<string, string> }) =>
  api.app().inject({
    method: options.method,
    url: options.url,
    payload: options.payload as string,
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
    remoteAddress: `10.46.0.${++address % 250}`,
  });

const multipart = (bytes: Buffer | null, { field = 'picture', type = 'image/jpeg' } = {}) => {
  const boundary = 'hireloop-picture-test';
  const parts = bytes
    ? [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="photo"\r\nContent-Type: ${type}\r\n\r\n`), bytes, Buffer.from(`\r\n`)]
    : [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n`)];
  return { payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};
const upload = (caller: Caller | null, bytes: Buffer | null, kind = 'avatar', options: { field?: string; type?: string } = {}) => {
  const body = multipart(bytes, options);
  return inject({ method: 'POST', url: `/api/profile-pictures?kind=${kind}`, token: caller?.token, payload: body.payload, headers: body.headers });
};
const dataUrl = (bytes: Buffer, type = 'image/jpeg') => `data:${type};base64,${bytes.toString('base64')}`;

const form = (pictures: { profilePicture?: string | null; coverPhoto?: string | null }, isPublic = true) => ({
  jobTitle: 'Data Engineer',
  skills: ['Kafka', 'SQL'],
  experience: '7 years',
  location: 'Lisbon, Portugal',
  isActivelyLooking: true,
  isPublic,
  profilePicture: null,
  coverPhoto: null,
  ...pictures,
});
const pathOf = (url: string) => url.replace(/\?.*$/, '');
/** A GET after every write seen so far (read-your-writes), as a browser showing the page it just read would. */
const fetchPicture = (url: string, caller: Caller | null = null) => api.get(url, caller?.token ?? null);

describe('profile pictures (ADR 046)', () => {
  it('keep no EXIF, GPS or phone make in what a visitor fetches, and are served from our origin as WebP, cached privately', async () => {
    const ada = await api.signUpCandidate('pic-ada');
    const photo = await phonePhotoWithGps(1600, 1200);
    expect(exifHasGps((await sharp(photo).metadata()).exif)).toBe(true);
    const saved = await inject({ method: 'POST', url: '/api/profile', token: ada.token, payload: form({ profilePicture: dataUrl(photo), coverPhoto: dataUrl(photo) }) });
    expect(saved.statusCode, saved.body).toBe(201);
    api.sawPosition(String(saved.headers['x-position']));
    const owned = saved.json().profile;
    // The owner gets addresses with a grant, which show even while the profile is private.
    expect(owned.profilePicture).toMatch(PROFILE_PICTURE_REF);
    expect(owned.profilePicture).toContain('?grant=');

    const view = await api.get(`/api/profiles/${owned.id}`, null);
    expect(view.json().view).toBe('public');
    // A visitor gets the cover, not the photo: that shows who the candidate is (ADR 066).
    const { coverPhoto } = view.json().profile;
    expect(view.json().profile).not.toHaveProperty('profilePicture');
    const profilePicture = pathOf(owned.profilePicture);
    expect(coverPhoto).toBe(pathOf(owned.coverPhoto));

    for (const [url, size, caller] of [
      // The owner's own address, with the grant an <img> of their page carries.
      [owned.profilePicture as string, { width: 192, height: 192 }, null],
      // 1600 x 1200 turned upright by its orientation tag, then within 2048 x 1024.
      [coverPhoto, { width: 768, height: 1024 }, null],
    ] as const) {
      const fetched = await fetchPicture(url, caller);
      expect(fetched.statusCode).toBe(200);
      expect(fetched.headers).toMatchObject({ 'content-type': 'image/webp', 'x-content-type-options': 'nosniff', 'cache-control': 'private, max-age=31536000, immutable' });
      const metadata = await sharp(fetched.rawPayload).metadata();
      expect(metadata).toMatchObject({ format: 'webp', ...size });
      expect(metadata.exif).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(fetched.rawPayload.includes(Buffer.from(PHONE_MAKE))).toBe(false);
    }

    // The events carry the path only, sealed like every personal field of a profile (ADR 019).
    const { events } = await api.runtime().storedLog.readStream(candidateStreamId(owned.id));
    const stored = JSON.stringify(events.map((event) => event.data));
    expect(stored).not.toContain('data:image');
    expect(stored).not.toContain(pathOf(owned.profilePicture));
    const opened = await api.runtime().eventStore.readStream(candidateStreamId(owned.id));
    expect(opened.events[0]!.data).toMatchObject({ profilePicture, coverPhoto });
  });

  describe('follow their profile’s visibility, for every kind of caller', async () => {
    const callers = async () => {
      const owner = await api.signUpCandidate(`pic-owner-${randomUUID().slice(0, 8)}`);
      const other = await api.signUpCandidate(`pic-other-${randomUUID().slice(0, 8)}`);
      const company = await api.signUpCompany(`pic-co-${randomUUID().slice(0, 8)}`);
      const admin = await api.signUpCandidate(`pic-admin-${randomUUID().slice(0, 8)}`);
      const superAdmin = await api.signUpCompany(`pic-super-${randomUUID().slice(0, 8)}`);
      await api.grant(admin.email, 'admin');
      await api.grant(superAdmin.email, 'super_admin');
      return { owner, others: { visitor: null, 'another candidate': other, company, admin, 'super admin': superAdmin } as Record<string, Caller | null> };
    };

    it.each([
      ['public and actively looking', 'coverPhoto', 200, true],
      // The photo shows who the candidate is: only companies they made themselves known to see it (ADR 066, tests/api/candidate-identity).
      ['public and actively looking', 'profilePicture', 404, true],
      ['private', 'coverPhoto', 404, false],
      ['private', 'profilePicture', 404, false],
    ] as const)('a %s profile: its %s answers %s to everyone but its owner (visitor, another candidate, a company, admin, super admin)', async (_label, field, othersGet, isPublic) => {
      const { owner, others } = await callers();
      const uploaded = await upload(owner, await sharp({ create: { width: 300, height: 300, channels: 3, background: '#aa3344' } }).png().toBuffer(), field === 'coverPhoto' ? 'cover' : 'avatar');
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const saved = await inject({ method: 'POST', url: '/api/profile', token: owner.token, payload: form({ [field]: uploaded.json().url }, isPublic) });
      expect(saved.statusCode, saved.body).toBe(201);
      api.sawPosition(String(saved.headers['x-position']));
      const path = pathOf(saved.json().profile[field]);
      const unknown = await fetchPicture(`/api/profile-pictures/${randomUUID()}`);

      // The owner: signed in, or by the grant in the address their own views give (an <img> sends no token).
      expect((await fetchPicture(path, owner)).statusCode).toBe(200);
      const ownView = await api.get('/api/profile', owner.token);
      expect((await fetchPicture(ownView.json()[field])).statusCode).toBe(200);
      for (const [who, caller] of Object.entries(others)) {
        const answer = await fetchPicture(path, caller);
        expect(answer.statusCode, who).toBe(othersGet);
        // A private profile's picture is the same 404 as an id that does not exist.
        if (othersGet === 404) expect(answer.body, who).toBe(unknown.body);
      }
      // A grant is the owner's, for that picture, unforged and unexpired.
      const grant = new URL(ownView.json()[field], 'http://x').searchParams.get('grant')!;
      const [expiry, signature] = grant.split('.');
      const forged = `${path}?grant=${Number(expiry) + 3600}.${signature}`;
      expect((await fetchPicture(forged)).statusCode).toBe(othersGet);
      expect((await fetchPicture(`${path}?grant=${expiry}.${'A'.repeat(43)}`)).statusCode).toBe(othersGet);
    });

    it('a picture the profile no longer shows (replaced) answers 404 to others', async () => {
      const { owner, others } = await callers();
      const first = await inject({ method: 'POST', url: '/api/profile', token: owner.token, payload: form({ coverPhoto: dataUrl(await phonePhotoWithGps(200, 200)) }) });
      expect(first.statusCode, first.body).toBe(201);
      const firstPath = pathOf(first.json().profile.coverPhoto);
      const replaced = await inject({ method: 'PUT', url: '/api/profile', token: owner.token, payload: form({ coverPhoto: dataUrl(await phonePhotoWithGps(300, 200)) }) });
      expect(replaced.statusCode, replaced.body).toBe(200);
      api.sawPosition(String(replaced.headers['x-position']));
      expect(pathOf(replaced.json().profile.coverPhoto)).not.toBe(firstPath);
      expect((await fetchPicture(firstPath, others.visitor ?? null)).statusCode).toBe(404);
      expect((await fetchPicture(pathOf(replaced.json().profile.coverPhoto))).statusCode).toBe(200);
      // Keeping the picture: the form sends back the address it was given.
      const kept = await inject({ method: 'PUT', url: '/api/profile', token: owner.token, payload: form({ coverPhoto: replaced.json().profile.coverPhoto }) });
      expect(kept.statusCode, kept.body).toBe(200);
      expect(pathOf(kept.json().profile.coverPhoto)).toBe(pathOf(replaced.json().profile.coverPhoto));
    });
  });

  it('refuse SVG, other types, pixel bombs, someone else’s picture and garbage with a 400 that says why', async () => {
    const ada = await api.signUpCandidate('pic-refusals');
    const bo = await api.signUpCandidate('pic-refusals-bo');
    const company = await api.signUpCompany('pic-refusals-co');
    const svgSaved = await inject({ method: 'POST', url: '/api/profile', token: ada.token, payload: form({ profilePicture: dataUrl(SVG_PICTURE, 'image/svg+xml') }) });
    expect([svgSaved.statusCode, svgSaved.json().error]).toEqual([400, PROFILE_MESSAGES.pictureType]);
    expect(await upload(ada, SVG_PICTURE, 'avatar', { type: 'image/svg+xml' }).then((answer) => [answer.statusCode, answer.json().error])).toEqual([400, PROFILE_MESSAGES.pictureType]);

    const started = performance.now();
    const bomb = await upload(ada, pngClaiming(30_000, 30_000), 'cover', { type: 'image/png' });
    expect([bomb.statusCode, bomb.json().error]).toEqual([400, PROFILE_MESSAGES.pictureTooManyPixels]);
    expect(performance.now() - started).toBeLessThan(2000);

    const bos = await upload(bo, await phonePhotoWithGps(100, 100));
    const stolen = await inject({ method: 'POST', url: '/api/profile', token: ada.token, payload: form({ profilePicture: bos.json().url }) });
    expect([stolen.statusCode, stolen.json().error]).toEqual([400, PROFILE_MESSAGES.pictureNotYours]);
    const made = await inject({ method: 'POST', url: '/api/profile', token: ada.token, payload: form({ coverPhoto: `/api/profile-pictures/${randomUUID()}` }) });
    expect([made.statusCode, made.json().error]).toEqual([400, PROFILE_MESSAGES.pictureNotYours]);

    const garbage: Array<[string, Promise<{ statusCode: number; body: string }>]> = [
      ['no body', inject({ method: 'POST', url: '/api/profile-pictures?kind=avatar', token: ada.token })],
      ['JSON', inject({ method: 'POST', url: '/api/profile-pictures?kind=avatar', token: ada.token, payload: { picture: 'x' } })],
      ['plain text', inject({ method: 'POST', url: '/api/profile-pictures?kind=avatar', token: ada.token, payload: 'hello', headers: { 'content-type': 'text/plain' } })],
      ['truncated multipart', inject({ method: 'POST', url: '/api/profile-pictures?kind=avatar', token: ada.token, payload: '--x\r\nContent-Disposition: form-data; name="picture"; filename="a"\r\n\r\nabc', headers: { 'content-type': 'multipart/form-data; boundary=x' } })],
      ['multipart without a boundary', inject({ method: 'POST', url: '/api/profile-pictures?kind=avatar', token: ada.token, payload: 'abc', headers: { 'content-type': 'multipart/form-data' } })],
      ['a form without the file', upload(ada, null)],
      ['the file in another field', upload(ada, await phonePhotoWithGps(50, 50), 'avatar', { field: 'resume' })],
      ['random bytes', upload(ada, Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7919) % 256)))],
      ['a PNG signature and nothing else', upload(ada, pngClaiming(10, 10).subarray(0, 20), 'avatar', { type: 'image/png' })],
      ['no kind', inject({ method: 'POST', url: '/api/profile-pictures', token: ada.token, ...multipart(Buffer.from('x')) })],
      ['a wrong kind', upload(ada, await phonePhotoWithGps(50, 50), 'banner')],
      ['a data URL that is no image', inject({ method: 'POST', url: '/api/profile', token: ada.token, payload: form({ profilePicture: 'data:image/png;base64,aGVsbG8=' }) })],
    ];
    for (const [what, pending] of garbage) {
      const answer = await pending;
      expect(answer.statusCode, `${what}: ${answer.body}`).toBe(400);
      expect(JSON.parse(answer.body), what).toMatchObject({ success: false, error: expect.any(String) });
    }
    expect((await upload(null, await phonePhotoWithGps(50, 50))).statusCode).toBe(401);
    expect((await upload(company, await phonePhotoWithGps(50, 50))).statusCode).toBe(403);
    const big = await upload(ada, Buffer.alloc(2 * 1024 * 1024 + 10, 0xff));
    expect([413, 400]).toContain(big.statusCode);
  });

  it('uploaded again, are the same stored picture (so a retried upload needs no Idempotency-Key)', async () => {
    const ada = await api.signUpCandidate('pic-again');
    const photo = await phonePhotoWithGps(300, 200);
    const [first, again] = [await upload(ada, photo), await upload(ada, photo)];
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(pathOf(again.json().url)).toBe(pathOf(first.json().url));
    const other = await upload(await api.signUpCandidate('pic-again-other'), photo);
    expect(pathOf(other.json().url)).not.toBe(pathOf(first.json().url));
  });

  it('are deleted with their person: after `erase`, the bytes are gone and the addresses answer 404, even with the owner’s grant', async () => {
    const ada = await api.signUpCandidate('pic-erased');
    const saved = await inject({ method: 'POST', url: '/api/profile', token: ada.token, payload: form({ profilePicture: dataUrl(await phonePhotoWithGps(400, 300)) }) });
    api.sawPosition(String(saved.headers['x-position']));
    const pending = await upload(ada, await phonePhotoWithGps(120, 80), 'cover');
    const urls = [saved.json().profile.profilePicture as string, pending.json().url as string];
    for (const url of urls) expect((await fetchPicture(url)).statusCode).toBe(200);
    const countRows = async () => {
      const client = new pg.Client({ connectionString: api.databaseUrl() });
      await client.connect();
      try {
        return Number((await client.query<{ count: string }>('SELECT count(*) FROM profile_pictures WHERE owner_id = $1', [ada.userId])).rows[0]!.count);
      } finally {
        await client.end();
      }
    };
    const before = await countRows();

    const report = await erasePerson(api.deps(), ada.userId, 'test-erase-pictures');
    api.sawPosition(report.position);
    expect(report.picturesDeleted).toBe(2);
    for (const url of urls) {
      expect((await fetchPicture(url)).statusCode).toBe(404);
      expect(await api.runtime().pictures.get(PROFILE_PICTURE_REF.exec(url)![1]!)).toBeNull();
    }
    expect([before, await countRows()]).toEqual([2, 0]);
  });

  it('saved as data URLs before they were files are moved by `move-pictures`, re-encoded without EXIF, and an SVG is dropped', async () => {
    const carol = await api.signUpCandidate('pic-legacy');
    const profileId = profileIdFor(carol.userId);
    const photo = await phonePhotoWithGps(640, 480);
    const at = new Date().toISOString();
    // What the app stored before ADR 046: the data URLs themselves (sealed) in the profile's event.
    const appended = await api.runtime().eventStore.append(
      candidateStreamId(profileId),
      [
        {
          type: 'CandidateProfileCreated',
          data: {
            ...{ firstName: 'Carol', lastName: 'Legacy', title: 'Analyst', skills: ['SQL'], experience: '3 years', location: 'Porto', summary: '', phone: '', email: carol.email },
            ...{ linkedinUrl: '', githubUrl: '', portfolioUrl: '', education: '', salaryExpectation: '', availability: 'immediate', workPreference: 'hybrid', isPublic: true },
            profilePicture: dataUrl(photo),
            coverPhoto: dataUrl(SVG_PICTURE, 'image/svg+xml'),
            profileId,
            userId: carol.userId,
            source: 'wizard',
            createdAt: at,
          },
          metadata: { eventId: randomUUID(), occurredAt: at, actor: 'system', correlationId: 'legacy', causationId: null, schemaVersion: 2 },
        },
      ],
      { expectedVersion: NO_STREAM_VERSION },
    );
    api.sawPosition(appended.position);
    // Until moved, no view sends the data URL (its EXIF) to anyone, the owner included.
    const before = await api.get(`/api/profiles/${profileId}`, carol.token);
    expect(before.json().profile).toMatchObject({ profilePicture: null, coverPhoto: null });

    const report = await movePicturesOutOfProfiles({ ...api.deps(), pictures: api.runtime().pictures }, 'test-move');
    expect(report).toMatchObject({ profilesFound: 1, profilesMoved: 1, picturesStored: 1, picturesDropped: 1 });
    api.sawPosition(report.position);
    const after = await api.get(`/api/profiles/${profileId}`, carol.token);
    expect(after.json().profile.coverPhoto).toBeNull();
    const fetched = await fetchPicture(after.json().profile.profilePicture);
    expect(fetched.statusCode).toBe(200);
    expect((await sharp(fetched.rawPayload).metadata()).exif).toBeUndefined();

    // Run again: nothing left to do.
    expect(await movePicturesOutOfProfiles({ ...api.deps(), pictures: api.runtime().pictures }, 'test-move-again')).toMatchObject({ profilesFound: 0, profilesMoved: 0 });
  });
});
