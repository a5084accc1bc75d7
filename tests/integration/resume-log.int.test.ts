import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@hireloop/platform/config';
import { buildApp } from '../../cli/src/app';
import { createRuntime, type Runtime } from '../../cli/src/runtime';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

/** Reading a resume logs the request, never the file or what it says (ADR 025). */
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const lines: string[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});

let db: TestDatabase;
let runtime: Runtime;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  db = await createTestDatabase();
  runtime = await createRuntime(loadConfig({ DATABASE_URL: db.url }));
  app = await buildApp(runtime, { spaDir: false, logger: { level: 'debug', stream }, resumeReading: { timeoutMs: 60_000 } });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await runtime?.close();
  await db?.drop();
});

const multipart = (filename: string, type: string, bytes: Buffer) => {
  const boundary = 'hireloop-log-test';
  return {
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="resume"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

describe('the log of resume uploads', () => {
  it('holds neither the file nor the personal data read from it', async () => {
    const signUp = await app.inject({ method: 'POST', url: '/api/auth/candidate/signup', payload: { name: 'Log Tester', email: 'log@seekers.example', password: 'candidate-password' } });
    const auth = { authorization: `Bearer ${signUp.json().token as string}` };
    const pdf = await readFile(path.join(repoRoot, '../shared/data/resumes/open-resume_openresume-resume.pdf'));

    const read = multipart('resume.pdf', 'application/pdf', pdf);
    const extracted = await app.inject({ method: 'POST', url: '/api/extract-resume', payload: read.payload, headers: { ...read.headers, ...auth } });
    const parsed = await app.inject({ method: 'POST', url: '/api/parse-resume', payload: read.payload, headers: { ...read.headers, ...auth } });
    const lying = multipart('resume.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', pdf);
    const refused = await app.inject({ method: 'POST', url: '/api/extract-resume', payload: lying.payload, headers: { ...lying.headers, ...auth } });

    expect(extracted.json().data.personalInfo.email).toBe('hello@openresume.com');
    expect(parsed.json().phone).toBe('123-456-7890');
    expect(refused.statusCode).toBe(415);
    const log = lines.join('\n');
    expect(log).toContain('/api/extract-resume');
    for (const personal of ['John Doe', 'hello@openresume.com', '123-456-7890', 'NYC, NY', 'XYZ University', '%PDF']) expect(log).not.toContain(personal);
  });
});
