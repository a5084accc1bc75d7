import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  EXTRACT_RESUME_KINDS,
  MESSAGES,
  PARSE_RESUME_KINDS,
  PROFILE_MESSAGES,
  RESUME_FILE_KINDS,
  RESUME_MAX_BYTES,
  type ExtractedResume,
  type ResumeFileKind,
} from '@hireloop/contracts';
import { localAi, type AiPort } from '@hireloop/platform/ai';
import { createResumeReader, type ResumeReader, type ResumeReaderOptions } from '@hireloop/platform/resume-text/extractor';
import { createMemoryRateLimiter, createUnlimitedRateLimiter } from '@hireloop/platform/rate-limit/memory';
import { pixelBombPng, resumePicture, scannedPdf } from '../../../tests/support/scanned-resumes';
import type { RateLimiter } from '@hireloop/platform/rate-limit/types';
import { grantRoleAsSystem } from '../auth/roles';
import { buildTestCommandApp, candidate, company } from '../shared/test-app';
import { pdfOperatorBomb } from '@hireloop/platform/resume-text/hostile-files';
import { RESUME_UPLOADS_PER_ACCOUNT, UPLOAD_IN_PROGRESS } from './routes';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const resume = (name: string) => readFile(path.join(repoRoot, '../shared/data/resumes', name));
const PDF = 'application/pdf';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const INVALID_TYPE = `${PROFILE_MESSAGES.invalidFileType}: ${PROFILE_MESSAGES.invalidFileTypeDetail}`;

/** Upload limits as they are; sign-ups unlimited (these tests sign many accounts up from one address). */
const signUpsUnlimited = (): RateLimiter => {
  const real = createMemoryRateLimiter();
  const none = createUnlimitedRateLimiter();
  const pick = (key: string) => (key.startsWith('signup:') ? none : real);
  return {
    check: (key, rule, now) => pick(key).check(key, rule, now),
    hit: (key, rule, now) => pick(key).hit(key, rule, now),
    undo: (key, rule, now) => pick(key).undo(key, rule, now),
    clear: (key) => pick(key).clear(key),
    close: async () => undefined,
  };
};

type Started = {
  app: Awaited<ReturnType<typeof buildTestCommandApp>>['app'];
  deps: Awaited<ReturnType<typeof buildTestCommandApp>>['deps'];
  reader: ResumeReader;
  readerOptions: ResumeReaderOptions;
  candidateToken: string;
  companyToken: string;
  close(): Promise<void>;
};
let seq = 0;

/** An app with its own resume reader; each call signs up a new candidate and company (own upload allowance). */
const startApp = async (overrides: { ai?: AiPort; reader?: Partial<ResumeReaderOptions> } = {}): Promise<Started> => {
  const readerOptions: ResumeReaderOptions = { timeoutMs: 60_000, queueTimeoutMs: 60_000, ...overrides.reader };
  const reader = createResumeReader(readerOptions);
  const ctx = await buildTestCommandApp({ ai: overrides.ai, resumeReader: reader, rateLimiter: signUpsUnlimited() });
  const signUp = async (url: string, payload: object) => (await ctx.app.inject({ method: 'POST', url, payload })).json().token as string;
  seq += 1;
  return {
    app: ctx.app,
    deps: ctx.deps,
    reader,
    readerOptions,
    candidateToken: await signUp('/api/auth/candidate/signup', { ...candidate, email: `candidate${seq}@example.com` }),
    companyToken: await signUp('/api/auth/company/signup', { ...company, email: `company${seq}@example.com` }),
    close: async () => {
      await ctx.app.close();
      await reader.close();
    },
  };
};

/** Most tests share one app (a worker thread costs seconds to start), each with its own accounts. */
let shared: Started;
const own: Started[] = [];
beforeAll(async () => {
  shared = await startApp();
});
afterAll(async () => {
  await shared.close();
});
afterEach(async () => {
  for (const started of own.splice(0)) await started.close();
});
const start = async (overrides: { ai?: AiPort; ownApp?: boolean; reader?: Partial<ResumeReaderOptions> } = {}): Promise<Started> => {
  if (!overrides.ai && !overrides.ownApp && !overrides.reader) {
    const { candidateToken, companyToken } = await startAccounts();
    return { ...shared, candidateToken, companyToken };
  }
  const started = await startApp(overrides);
  own.push(started);
  return started;
};
const startAccounts = async () => {
  seq += 1;
  const signUp = async (url: string, payload: object) => (await shared.app.inject({ method: 'POST', url, payload })).json().token as string;
  return {
    candidateToken: await signUp('/api/auth/candidate/signup', { ...candidate, email: `candidate${seq}@example.com` }),
    companyToken: await signUp('/api/auth/company/signup', { ...company, email: `company${seq}@example.com` }),
  };
};

interface FilePart {
  field?: string;
  filename: string;
  type: string;
  bytes: Uint8Array;
}

/** A multipart/form-data body as a browser sends it. */
const multipart = (file: FilePart | null) => {
  const boundary = '----hireloop-test-boundary';
  const chunks: Buffer[] = [];
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'resume'}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      Buffer.from(file.bytes),
      Buffer.from('\r\n'),
    );
  } else {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n`));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

const upload = (app: Started['app'], url: string, file: FilePart | null, token: string | null) => {
  const { payload, headers } = multipart(file);
  return app.inject({ method: 'POST', url, payload, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
};

/** A real one-page PDF with no text on its page (what a scan without OCR looks like). */
const PDF_WITHOUT_TEXT = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);

describe('who may upload a resume', () => {
  it.each(['/api/extract-resume', '/api/parse-resume'])('%s: a visitor must sign in first, and a company is refused', async (url) => {
    const { app, companyToken } = await start();
    const file = { filename: 'cv.pdf', type: PDF, bytes: await resume('open-resume_openresume-resume.pdf') };

    const visitor = await upload(app, url, file, null);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error).toBe(MESSAGES.signInRequired);

    const byCompany = await upload(app, url, file, companyToken);
    expect(byCompany.statusCode).toBe(403);
    expect(byCompany.json().error).toBe(PROFILE_MESSAGES.candidatesOnly);
  });

  it("an admin or a super admin (candidate accounts given a role) keeps the candidate's right", async () => {
    const { app, deps } = await start();
    const file = { filename: 'cv.pdf', type: PDF, bytes: await resume('open-resume_openresume-resume.pdf') };
    for (const role of ['admin', 'super_admin'] as const) {
      const email = `${role}${++seq}@hireloop.example`;
      const token = (await app.inject({ method: 'POST', url: '/api/auth/candidate/signup', payload: { ...candidate, email } })).json().token as string;
      await grantRoleAsSystem(deps, email, role, 'test');

      const response = await upload(app, '/api/parse-resume', file, token);

      expect(response.statusCode, role).toBe(200);
      expect(response.json().email).toBe('hello@openresume.com');
    }
  });

  it('a candidate may upload a handful of resumes, then waits', async () => {
    const { app, candidateToken } = await start();
    const wrong = { filename: 'cv.pdf', type: PDF, bytes: new TextEncoder().encode('not a pdf') };
    for (let i = 0; i < RESUME_UPLOADS_PER_ACCOUNT.limit; i++) expect((await upload(app, '/api/extract-resume', wrong, candidateToken)).statusCode).toBe(415);

    const over = await upload(app, '/api/extract-resume', wrong, candidateToken);

    expect(over.statusCode).toBe(429);
    expect(over.json().error).toMatch(/^You have uploaded many resumes in a short time\. Please try again in \d+ minutes?\.$/);
    expect(over.headers['retry-after']).toBeDefined();
  });
});

describe('reading real resumes', () => {
  it('extract-resume answers the extracted resume of a real PDF', async () => {
    const { app, candidateToken } = await start();

    const response = await upload(app, '/api/extract-resume', { filename: 'resume.pdf', type: PDF, bytes: await resume('open-resume_openresume-resume.pdf') }, candidateToken);

    expect(response.statusCode).toBe(200);
    const body = response.json() as { success: boolean; data: ExtractedResume; error: null };
    expect(body.success).toBe(true);
    expect(body.error).toBeNull();
    expect(body.data.personalInfo).toMatchObject({ name: 'John Doe', email: 'hello@openresume.com', location: 'NYC, NY' });
    expect(body.data.experience[0]!.title).toBe('Software Engineer');
  });

  it("parse-resume reads a Word 97–2003 (.doc) resume into the wizard's fields, sent with its type or only its name", async () => {
    const { app, candidateToken } = await start();
    const bytes = await readFile(path.join(repoRoot, 'platform/src/resume-text/fixtures/nurse-resume.doc'));

    for (const file of [
      { filename: 'resume.doc', type: 'application/msword', bytes },
      { filename: 'resume.doc', type: 'application/octet-stream', bytes },
    ]) {
      const response = await upload(app, '/api/parse-resume', file, candidateToken);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ email: 'harriet.okafor@example.org', location: 'Leeds, UK' });
      expect(response.json().jobTitle).toBe('Senior Staff Nurse');
    }
  });

  it("parse-resume answers the wizard's fields of a real Word resume", async () => {
    const { app, candidateToken } = await start();

    const response = await upload(app, '/api/parse-resume', { filename: 'resume.docx', type: DOCX, bytes: await resume('soupboss_01-Accountant.docx') }, candidateToken);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      jobTitle: 'Certified Public Accountant',
      email: 'emoore@email.com',
      phone: '206-555-0149',
      location: 'Seattle, WA',
      experience: '7+ years',
      education: expect.stringContaining(' - Cloverfield College'),
      workHistory: expect.arrayContaining([expect.objectContaining({ company: 'Gilmore Financial' })]),
    });
    expect(response.json().skills).toEqual(expect.arrayContaining(['Accounting', 'Communication']));
  });

  it('a file sent as application/octet-stream is judged by its extension', async () => {
    const { app, candidateToken } = await start();

    const response = await upload(app, '/api/parse-resume', { filename: 'resume.pdf', type: 'application/octet-stream', bytes: await resume('open-resume_openresume-resume.pdf') }, candidateToken);

    expect(response.statusCode).toBe(200);
    expect(response.json().email).toBe('hello@openresume.com');
  });

  it('extract-resume maps a JSON Resume file, and refuses JSON that is not one', async () => {
    const { app, candidateToken } = await start();
    const json = await readFile(path.join(repoRoot, '../shared/data/resumes/jsonresume/resume-schema_sample.resume.json'));

    const response = await upload(app, '/api/extract-resume', { filename: 'resume.json', type: 'application/json', bytes: json }, candidateToken);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.personalInfo.name).toBe('Richard Hendriks');

    const notResume = await upload(app, '/api/extract-resume', { filename: 'x.json', type: 'application/json', bytes: Buffer.from('{"basics":{"name":7}}') }, candidateToken);
    expect(notResume.statusCode).toBe(400);
    expect(notResume.json()).toMatchObject({ success: false, data: null });

    const notJson = await upload(app, '/api/extract-resume', { filename: 'x.json', type: 'application/json', bytes: Buffer.from('%PDF-1.4') }, candidateToken);
    expect(notJson.statusCode).toBe(415);
    expect(notJson.json().error).toBe(PROFILE_MESSAGES.resumeTypeMismatch);
  });

  it('without a file in field "resume" the answer says what to send', async () => {
    const { app, candidateToken } = await start();

    const none = await upload(app, '/api/extract-resume', null, candidateToken);
    const otherField = await upload(app, '/api/extract-resume', { field: 'file', filename: 'cv.pdf', type: PDF, bytes: PDF_WITHOUT_TEXT }, candidateToken);
    const notMultipart = await app.inject({ method: 'POST', url: '/api/extract-resume', payload: { resume: 'x' }, headers: { authorization: `Bearer ${candidateToken}` } });

    for (const response of [none, otherField]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, data: null, error: PROFILE_MESSAGES.resumeMissing });
    }
    expect(notMultipart.statusCode).toBe(400);
    expect(notMultipart.json()).toEqual({ success: false, data: null, error: 'Send the resume as multipart/form-data, in the form field "resume".' });
  });
});

describe('hostile and broken uploads', () => {
  it('a file of more than 5 MB is refused with 413', async () => {
    const { app, candidateToken } = await start();
    const justOver = new Uint8Array(RESUME_MAX_BYTES + 1);
    justOver.set(new TextEncoder().encode('%PDF-1.4\n'));

    const response = await upload(app, '/api/extract-resume', { filename: 'big.pdf', type: PDF, bytes: justOver }, candidateToken);

    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ success: false, data: null, error: PROFILE_MESSAGES.resumeTooLarge });
  });

  it('a body announced far past the limit is refused before it is read', async () => {
    const { app, candidateToken } = await start();
    const huge = new Uint8Array(3 * RESUME_MAX_BYTES);

    const response = await upload(app, '/api/parse-resume', { filename: 'big.pdf', type: PDF, bytes: huge }, candidateToken);

    expect(response.statusCode).toBe(413);
    expect(response.json().error).toBe(PROFILE_MESSAGES.resumeTooLarge);
    expect(response.headers.connection).toBe('close');
  });

  it('bytes that are not the declared type are refused: a zip declared as PDF, a PDF declared as Word, a PDF declared as an image', async () => {
    const { app, candidateToken } = await start();
    const docx = await resume('soupboss_01-Accountant.docx');
    const pdf = await resume('soupboss_01-Accountant.pdf');

    for (const file of [
      { filename: 'cv.pdf', type: PDF, bytes: docx },
      { filename: 'cv.docx', type: DOCX, bytes: pdf },
      { filename: 'cv.png', type: 'image/png', bytes: pdf },
    ]) {
      const response = await upload(app, '/api/extract-resume', file, candidateToken);
      expect(response.statusCode).toBe(415);
      expect(response.json().error).toBe(PROFILE_MESSAGES.resumeTypeMismatch);
    }
  });

  it('other file types are refused with the wizard\'s words', async () => {
    const { app, candidateToken } = await start();

    const text = await upload(app, '/api/extract-resume', { filename: 'cv.txt', type: 'text/plain', bytes: Buffer.from('Jane Smith') }, candidateToken);
    const imageToWizard = await upload(app, '/api/parse-resume', { filename: 'cv.png', type: 'image/png', bytes: PNG }, candidateToken);

    expect(text.statusCode).toBe(415);
    expect(text.json().error).toBe(INVALID_TYPE);
    expect(imageToWizard.statusCode).toBe(415);
    expect(imageToWizard.json().error).toBe(INVALID_TYPE);
  });

  it('a Word file declaring more than 25 MiB unpacked, or more than 1,000 parts, is refused unopened', async () => {
    const { app, candidateToken } = await start();
    const bomb = zipSync({ 'word/document.xml': new Uint8Array(26 * 1024 * 1024) }, { level: 9 });
    const parts = zipSync(Object.fromEntries(Array.from({ length: 1_001 }, (_, i) => [`word/part${i}.xml`, new Uint8Array([0x3c])])));

    for (const bytes of [bomb, parts]) {
      const response = await upload(app, '/api/extract-resume', { filename: 'cv.docx', type: DOCX, bytes }, candidateToken);
      expect(response.statusCode).toBe(422);
      expect(response.json().error).toBe(PROFILE_MESSAGES.resumeTooComplex);
    }
  });

  it('a PDF without any text is unreadable (422)', async () => {
    const { app, candidateToken } = await start();

    const response = await upload(app, '/api/parse-resume', { filename: 'scan.pdf', type: PDF, bytes: PDF_WITHOUT_TEXT }, candidateToken);

    expect(response.statusCode).toBe(422);
    expect(response.json().error).toBe(PROFILE_MESSAGES.resumeUnreadable);
  });

  it('a Word document with no text, and a PDF whose only text is stray symbols, are unreadable too, with what to do', async () => {
    const { app, candidateToken } = await start();
    const xml = (text: string) => new TextEncoder().encode(text);
    const emptyDocx = zipSync({
      '[Content_Types].xml': xml('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>'),
      '_rels/.rels': xml('<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="r1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>'),
      'word/document.xml': xml('<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p/><w:p><w:r><w:t>  </w:t></w:r></w:p></w:body></w:document>'),
    });
    const symbolsOnly = new TextEncoder().encode(
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Resources<</Font<</F1 5 0 R>>>>/Contents 4 0 R>>endobj\n4 0 obj<</Length 44>>stream\nBT /F1 12 Tf 72 720 Td (. - * 1 # 2) Tj ET\nendstream endobj\n5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    );

    for (const [file, url] of [
      [{ filename: 'empty.docx', type: DOCX, bytes: emptyDocx }, '/api/parse-resume'],
      [{ filename: 'symbols.pdf', type: PDF, bytes: symbolsOnly }, '/api/extract-resume'],
    ] as const) {
      const response = await upload(app, url, file, candidateToken);
      expect(response.statusCode, file.filename).toBe(422);
      expect(response.json().error, file.filename).toBe(PROFILE_MESSAGES.resumeUnreadable);
    }
    expect(PROFILE_MESSAGES.resumeUnreadable).toContain('try a PDF exported from Word or Google Docs');
  });

  it('a read that passes its time limit ends its worker, answers resumeTimedOut, and the server goes on answering', async () => {
    const { app, reader, readerOptions, candidateToken } = await start({ ownApp: true });
    const pdf = { filename: 'cv.pdf', type: PDF, bytes: await resume('linkedin-export_benjamin_Profile.pdf') };
    // A first read starts the worker; the budget counts reading only (ADR 045), so 5 ms ends the next read.
    expect((await upload(app, '/api/extract-resume', pdf, candidateToken)).statusCode).toBe(200);
    expect(reader.threads).toBe(1);
    readerOptions.timeoutMs = 5;

    const response = await upload(app, '/api/extract-resume', pdf, candidateToken);

    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ success: false, data: null, error: PROFILE_MESSAGES.resumeTimedOut });
    expect(reader.threads).toBe(0);
    const meanwhile = await app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: `Bearer ${candidateToken}` } });
    expect(meanwhile.statusCode).not.toBe(500);
    readerOptions.timeoutMs = 60_000;
    const again = await upload(app, '/api/extract-resume', pdf, candidateToken);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.personalInfo.name).toBe('Benjamin Gin');
  });
});

describe('busy readers', () => {
  it('with every reader busy and the queue full, an upload is answered 503 with Retry-After; an account with a file in flight gets 429', async () => {
    const { app, candidateToken } = await start({ reader: { threads: 1, maxQueue: 1 } });
    const signUp = async () =>
      (await app.inject({ method: 'POST', url: '/api/auth/candidate/signup', payload: { ...candidate, email: `busy${++seq}@example.com` } })).json().token as string;
    const others = [await signUp(), await signUp()];
    // About a second of pdf.js work each (20,000 drawing instructions of one line of text, read once): one read, one queued, one refused.
    const slow = { filename: 'cv.pdf', type: PDF, bytes: pdfOperatorBomb(20_000, 'Priya Raman priya.raman@example.com Data Analyst resume') };
    expect((await upload(app, '/api/parse-resume', slow, candidateToken)).statusCode).toBe(200);

    const answers = await Promise.all([
      upload(app, '/api/parse-resume', slow, candidateToken),
      upload(app, '/api/parse-resume', slow, candidateToken),
      ...others.map((token) => upload(app, '/api/parse-resume', slow, token)),
    ]);

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 429, 503]);
    const busy = answers.find((answer) => answer.statusCode === 503)!;
    expect(busy.json()).toEqual({ success: false, error: PROFILE_MESSAGES.parseFailedDetail });
    expect(busy.headers['retry-after']).toBe('5');
    const second = answers.find((answer) => answer.statusCode === 429)!;
    expect(second.json()).toEqual({ success: false, error: UPLOAD_IN_PROGRESS });
    expect(second.headers['retry-after']).toBe('5');
    // Four slow reads take ~12 s at load 5 and over 30 s at load 24 (before and after ADR 105 alike): a limit, not a wait.
  }, 90_000);
});

describe('images and scans', () => {
  const RESUME_LINES = ['Priya Raman', 'priya.raman@example.com', '+1 415 555 0142', 'San Francisco, CA', '', 'EXPERIENCE', 'Data Analyst, Northwind Traders', 'Jan 2019 - Present'];

  it('with the offline adapter a PNG resume is read by OCR in the worker and its fields answered', async () => {
    const { app, reader, candidateToken } = await start();

    const response = await upload(app, '/api/extract-resume', { filename: 'cv.png', type: 'image/png', bytes: resumePicture(RESUME_LINES) }, candidateToken);

    expect(response.statusCode).toBe(200);
    expect(response.json().data.personalInfo).toMatchObject({ name: 'Priya Raman', email: 'priya.raman@example.com' });
    expect(response.json().data.personalInfo.phone).toContain('415');
    expect(reader.threads).toBeGreaterThan(0);
  });

  it("the wizard reads a scanned PDF (no text layer) by OCR into its fields", async () => {
    const { app, candidateToken } = await start();
    const pdf = await scannedPdf(resumePicture(RESUME_LINES));

    const response = await upload(app, '/api/parse-resume', { filename: 'scan.pdf', type: PDF, bytes: pdf }, candidateToken);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: 'priya.raman@example.com' });
  });

  it('a 30,000 × 30,000 pixel PNG is refused from its header with 422, and no worker is started for it', async () => {
    const { app, reader, candidateToken } = await start({ ownApp: true });
    const bomb = await pixelBombPng(30_000, 30_000);

    const response = await upload(app, '/api/extract-resume', { filename: 'cv.png', type: 'image/png', bytes: bomb }, candidateToken);

    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ success: false, data: null, error: PROFILE_MESSAGES.resumeImageTooLarge });
    expect(reader.threads).toBe(0);
  });

  it('each route reads exactly the kinds the file pickers offer (one list in contracts), and refuses the rest as a type', async () => {
    const { app, candidateToken } = await start();
    const answerTo = async (url: string, kind: ResumeFileKind) => {
      const { mediaType, extensions } = RESUME_FILE_KINDS[kind];
      // Bytes of no type at all: a kind the route reads fails on its bytes, one it does not on its type.
      const response = await upload(app, url, { filename: `cv${extensions[0]}`, type: mediaType, bytes: Buffer.from('nothing of the kind') }, candidateToken);
      return response.json().error === INVALID_TYPE ? 'refused as a type' : 'read';
    };

    for (const [url, reads] of [
      ['/api/extract-resume', EXTRACT_RESUME_KINDS],
      ['/api/parse-resume', PARSE_RESUME_KINDS],
    ] as const) {
      for (const kind of Object.keys(RESUME_FILE_KINDS) as ResumeFileKind[]) {
        expect(`${url} ${kind}: ${await answerTo(url, kind)}`).toBe(`${url} ${kind}: ${(reads as readonly string[]).includes(kind) ? 'read' : 'refused as a type'}`);
      }
    }
  });

  it('a GIF or an SVG is not a resume type', async () => {
    const { app, candidateToken } = await start();
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ffffff' } }).gif().toBuffer();

    for (const file of [
      { filename: 'cv.gif', type: 'image/gif', bytes: gif },
      { filename: 'cv.svg', type: 'image/svg+xml', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
    ]) {
      const response = await upload(app, '/api/extract-resume', file, candidateToken);
      expect(response.statusCode).toBe(415);
      expect(response.json().error).toBe(INVALID_TYPE);
    }
  });

  it('with an AI adapter that reads images, the image goes to it as it was uploaded (its vision, not OCR)', async () => {
    const png = await sharp({ create: { width: 40, height: 60, channels: 3, background: '#ffffff' } }).png().toBuffer();
    const seen: Array<{ bytes: Uint8Array; mediaType: string }> = [];
    const local = localAi({ now: () => new Date('2026-11-23T12:00:00Z') });
    const fields = await local.extractResume('Jane Smith\njane@example.com');
    const ai: AiPort = {
      ...local,
      provider: 'openai',
      extractResumeFromImage: (image) => {
        seen.push(image);
        return Promise.resolve(fields);
      },
    };
    const { app, reader, candidateToken } = await start({ ai });

    const response = await upload(app, '/api/extract-resume', { filename: 'cv.png', type: 'image/png', bytes: png }, candidateToken);

    expect(response.statusCode).toBe(200);
    expect(response.json().data.personalInfo.email).toBe('jane@example.com');
    expect(seen).toHaveLength(1);
    expect(seen[0]!.mediaType).toBe('image/png');
    expect(Buffer.from(seen[0]!.bytes).equals(png)).toBe(true);
    expect(reader.threads).toBe(0);
  });

  it('with an AI adapter, a pixel bomb is refused before it reaches the AI service', async () => {
    let asked = 0;
    const local = localAi({ now: () => new Date('2026-11-23T12:00:00Z') });
    const ai: AiPort = { ...local, provider: 'openai', extractResumeFromImage: () => ((asked += 1), local.extractResume('')) };
    const { app, candidateToken } = await start({ ai });

    const response = await upload(app, '/api/extract-resume', { filename: 'cv.png', type: 'image/png', bytes: await pixelBombPng(20_000, 20_000) }, candidateToken);

    expect(response.statusCode).toBe(422);
    expect(response.json().error).toBe(PROFILE_MESSAGES.resumeImageTooLarge);
    expect(asked).toBe(0);
  });
});
