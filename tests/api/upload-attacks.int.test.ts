import { Document, Packer, Paragraph } from 'docx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES } from '@hireloop/contracts';
import { BUSY_RETRY_AFTER_SECONDS, UPLOAD_IN_PROGRESS } from '../../command-service/src/resume/routes';
import { candidate } from '@hireloop/command-service/shared/test-app';
import { loadConfig } from '@hireloop/platform/config';
import { lyingDocxBomb, pdfDeflateBomb, pdfOperatorBomb } from '@hireloop/platform/resume-text/hostile-files';
import { buildApp } from '../../cli/src/app';
import { createRuntime, type Runtime } from '../../cli/src/runtime';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

/**
 * Hostile uploads (issue 21, ADR 045) against the app as `serve` builds it: real PostgreSQL
 * adapters (sessions, rate limits), the resume reader with the production settings (one warm
 * worker, 15 s per file, 256 MB heap). No file here comes from shared data: each is made on the spot.
 */
let db: TestDatabase;
let runtime: Runtime;
let app: Awaited<ReturnType<typeof buildApp>>;
let addresses = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  runtime = await createRuntime(loadConfig({ DATABASE_URL: db.url }));
  app = await buildApp(runtime, { spaDir: false, resumeReading: { timeoutMs: 15_000, threads: 1, heapMb: 256, warm: true } });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await runtime?.close();
  await db?.drop();
});

const PDF = 'application/pdf';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** A new candidate account (each from its own address: sign-ups are limited per address). */
const signUpCandidate = async () => {
  const n = ++addresses;
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/candidate/signup',
    payload: { ...candidate, email: `uploader${n}@example.com` },
    remoteAddress: `10.21.0.${n}`,
  });
  expect(response.statusCode).toBe(201);
  return { authorization: `Bearer ${response.json().token as string}` };
};

const BOUNDARY = '----hireloop-attack';
/** The body a browser's form sends with one file in field "resume". */
const formWith = (filename: string, type: string, bytes: Uint8Array) =>
  Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="resume"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);

const upload = (url: string, auth: Record<string, string>, filename: string, type: string, bytes: Uint8Array) =>
  app.inject({ method: 'POST', url, payload: formWith(filename, type, bytes), headers: { ...auth, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } });

/** A small, valid Word resume, written by the `docx` package as Word would. */
const validResume = () =>
  Packer.toBuffer(
    new Document({ sections: [{ children: ['Priya Raman', 'priya.raman@example.com', 'Registered Nurse'].map((text) => new Paragraph({ text })) }] }),
  );

describe('hostile resume files', () => {
  it('the lying zip bomb (1 MB, claims 1,000 bytes, inflates to 1 GiB) is refused as too complex, seven times over, without the memory it asks for', async () => {
    const auth = await signUpCandidate();
    const bomb = lyingDocxBomb();
    // A first read: the warm worker has loaded its readers, so what follows is what bombs add.
    expect((await upload('/api/extract-resume', auth, 'cv.docx', DOCX, await validResume())).statusCode).toBe(200);
    const before = process.memoryUsage().rss;

    for (let i = 0; i < 7; i++) {
      const response = await upload('/api/extract-resume', auth, 'cv.docx', DOCX, bomb);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ success: false, data: null, error: PROFILE_MESSAGES.resumeTooComplex });
    }

    // Before ADR 045 these seven raised the process from 323 MB to 2,280 MB, and it stayed there.
    // The figures are in the bench (hostile-uploads); here only the property: far from a gigabyte.
    expect(process.memoryUsage().rss - before).toBeLessThan(512 * 1024 * 1024);
  });

  it('a deflate bomb inside a PDF content stream, and a PDF of millions of instructions, are refused and the next file is read', async () => {
    const auth = await signUpCandidate();

    for (const bomb of [pdfDeflateBomb(), pdfOperatorBomb(3_000_000)]) {
      const response = await upload('/api/parse-resume', auth, 'cv.pdf', PDF, bomb);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ success: false, error: PROFILE_MESSAGES.resumeTooComplex });
    }
    const next = await upload('/api/parse-resume', auth, 'cv.docx', DOCX, await validResume());
    expect(next.statusCode).toBe(200);
    expect(next.json().email).toBe('priya.raman@example.com');
  });

  it("20 bombs at once from one account cost that account: one is read, the others wait their turn (429), and another account's resume is read meanwhile", async () => {
    const attacker = await signUpCandidate();
    const victim = await signUpCandidate();
    const resume = await validResume();
    const bombs = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? (['cv.docx', DOCX, lyingDocxBomb()] as const) : (['cv.pdf', PDF, pdfDeflateBomb()] as const)));

    const started = performance.now();
    const attack = Promise.all(bombs.map(([name, type, bytes]) => upload('/api/extract-resume', attacker, name, type, bytes)));
    const victimAnswer = await upload('/api/extract-resume', victim, 'resume.docx', DOCX, resume);
    const victimMs = performance.now() - started;
    const attackAnswers = await attack;

    expect(victimAnswer.statusCode).toBe(200);
    expect(victimAnswer.json().data.personalInfo.email).toBe('priya.raman@example.com');
    // The target of issue 21 (measured in the bench too); a loaded test machine gets no more than it.
    expect(victimMs).toBeLessThan(5_000);
    const statuses = attackAnswers.map((answer) => answer.statusCode);
    expect(statuses.every((status) => status === 422 || status === 429), statuses.join(',')).toBe(true);
    expect(statuses.filter((status) => status === 422).length).toBeGreaterThanOrEqual(1);
    const waiting = attackAnswers.filter((answer) => answer.statusCode === 429);
    expect(waiting.length).toBeGreaterThanOrEqual(10);
    for (const answer of waiting) {
      expect(answer.json()).toEqual({ success: false, data: null, error: UPLOAD_IN_PROGRESS });
      expect(answer.headers['retry-after']).toBe(String(BUSY_RETRY_AFTER_SECONDS));
    }
  });
});

/**
 * Every route that takes multipart bodies. A new upload route goes on this list: it must answer
 * garbage with a client error in the product's error shape, never a 500.
 */
const UPLOAD_ROUTES = ['POST /api/extract-resume', 'POST /api/parse-resume', 'POST /api/profile-pictures?kind=avatar', 'POST /api/profile-pictures?kind=cover'];

describe('garbage bodies on every upload route', () => {
  const garbage: ReadonlyArray<{ name: string; type: string | undefined; body: Buffer | string }> = [
    { name: 'random bytes as multipart', type: `multipart/form-data; boundary=${BOUNDARY}`, body: Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256)) },
    { name: 'multipart without a boundary', type: 'multipart/form-data', body: formWith('cv.pdf', PDF, Buffer.from('%PDF-1.4')) },
    { name: 'multipart with another boundary than the body', type: 'multipart/form-data; boundary=something-else', body: formWith('cv.pdf', PDF, Buffer.from('%PDF-1.4')) },
    { name: 'an empty multipart body', type: `multipart/form-data; boundary=${BOUNDARY}`, body: '' },
    { name: 'multipart cut off in the middle of the file', type: `multipart/form-data; boundary=${BOUNDARY}`, body: formWith('cv.pdf', PDF, Buffer.from('%PDF-1.4 and so on')).subarray(0, 150) },
    { name: 'a part header of 200 KB', type: `multipart/form-data; boundary=${BOUNDARY}`, body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="resume"; filename="${'a'.repeat(200_000)}.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\r\n--${BOUNDARY}--\r\n` },
    { name: 'a file in another field', type: `multipart/form-data; boundary=${BOUNDARY}`, body: formWith('cv.pdf', PDF, Buffer.from('%PDF-1.4')).toString('latin1').replace('name="resume"', 'name="file"') },
    { name: 'a plain field "resume" and no file', type: `multipart/form-data; boundary=${BOUNDARY}`, body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="resume"\r\n\r\nhello\r\n--${BOUNDARY}--\r\n` },
    { name: 'JSON with bad syntax', type: 'application/json', body: '{"resume": "cv.pdf",' },
    { name: 'an empty JSON body', type: 'application/json', body: '' },
    { name: 'a JSON object', type: 'application/json', body: '{"resume":"cv.pdf"}' },
    { name: 'text', type: 'text/plain', body: 'my resume' },
    { name: 'a form of the other kind', type: 'application/x-www-form-urlencoded', body: 'resume=cv.pdf' },
    { name: 'XML', type: 'application/xml', body: '<resume/>' },
    { name: 'no content type at all', type: undefined, body: 'resume' },
  ];

  let auth: Record<string, string>;
  beforeAll(async () => {
    auth = await signUpCandidate();
  });

  it('each garbage body gets 400, 413 or 415 with a message, never a 500', async () => {
    for (const route of UPLOAD_ROUTES) {
      const [method, url] = route.split(' ') as ['POST', string];
      for (const { name, type, body } of garbage) {
        const response = await app.inject({ method, url, payload: body, headers: { ...auth, ...(type ? { 'content-type': type } : {}) } });
        const at = `${route}: ${name} -> ${response.statusCode} ${response.body.slice(0, 200)}`;
        expect([400, 413, 415], at).toContain(response.statusCode);
        const answer = response.json();
        expect(answer.success, at).toBe(false);
        expect(typeof answer.error, at).toBe('string');
        expect(answer.error.length, at).toBeGreaterThan(10);
        if (url === '/api/extract-resume') expect(answer.data, at).toBeNull();
      }
    }
  });

  it('a JSON body past the JSON limit is 413 in the same shape', async () => {
    for (const route of UPLOAD_ROUTES) {
      const [method, url] = route.split(' ') as ['POST', string];
      const response = await app.inject({ method, url, payload: `{"resume":"${'x'.repeat(2 * 1024 * 1024)}"}`, headers: { ...auth, 'content-type': 'application/json' } });
      expect(response.statusCode, route).toBe(413);
      expect(response.json().success, route).toBe(false);
    }
  });
});
