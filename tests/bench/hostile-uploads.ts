import { setTimeout as sleep } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';
import { Document, Packer, Paragraph } from 'docx';
import { zipSync } from 'fflate';
import { candidate } from '@hireloop/command-service/shared/test-app';
import { loadConfig } from '@hireloop/platform/config';
import { createResumeReader, RESUME_WORKER_RECYCLE_ABOVE_MB } from '@hireloop/platform/resume-text/extractor';
import { lyingDocxBomb, pdfDeflateBomb } from '@hireloop/platform/resume-text/hostile-files';
import { buildApp } from '../../cli/src/app';
import { createRuntime } from '../../cli/src/runtime';
import type { TestDatabase } from '../support/postgres';

/**
 * What hostile uploads cost the app as `serve` builds it (one warm resume worker, 15 s per file,
 * 256 MB heap), all in this process so its RSS counts the workers too (ADR 045). Issue 21
 * measured, before: seven lying zip bombs took the app from 323 MB to 2,280 MB, and it stayed.
 */
export interface HostileUploadFigures {
  rssStartMb: number;
  sequential: { bombMs: number[]; peakMb: number; afterMb: number; settledMb: number };
  concurrent: { accounts: number; statuses: number[]; peakMb: number; afterMb: number; settledMb: number };
  flood: { bombs: number; statuses: Record<string, number>; victimMs: number; victimStatus: number; victimAloneMs: number };
  pdfBombMs: number;
  /** One Word file of 16,000 paragraphs (within every cap) read by a reader that recycles at 192 MB, and by one that never does. */
  recycling: Array<{ recycleAboveMb: number | null; readMs: number; beforeMb: number; settledMb: number; replaced: boolean }>;
  /** A slow file inside every cap (16,000 paragraphs) started first, then another user's resume: how long that one waits, by worker count. */
  slowFirst: Array<{ threads: number; slowMs: number; victimMs: number }>;
}

const MB = 1024 * 1024;
const BOUNDARY = '----hireloop-bench';
const form = (filename: string, type: string, bytes: Uint8Array) =>
  Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="resume"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** RSS now, and the highest seen until `stop()`, sampled every 10 ms. */
function rssWatch() {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
  return () => {
    clearInterval(timer);
    return Math.max(peak, process.memoryUsage.rss()) / MB;
  };
}

/** RSS after a collection and a moment for the allocator (bench runs with --expose-gc). */
async function settledRss() {
  global.gc?.();
  await sleep(2_000);
  global.gc?.();
  return process.memoryUsage.rss() / MB;
}

const xml = (text: string) => new TextEncoder().encode(text);
/** A Word file of `count` one-letter paragraphs: small to send, heavy for mammoth to hold. */
const paragraphs = (count: number) =>
  zipSync({
    '[Content_Types].xml': xml(
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    '_rels/.rels': xml(
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="r1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    'word/document.xml': xml(`<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${'<w:p><w:r><w:t>a</w:t></w:r></w:p>'.repeat(count)}</w:body></w:document>`),
  });

/** What one heavy read leaves in the process, with the worker recycled after it and without. */
async function measureRecycling(): Promise<HostileUploadFigures['recycling']> {
  const heavy = paragraphs(16_000);
  const rows: HostileUploadFigures['recycling'] = [];
  for (const recycleAboveMb of [null, RESUME_WORKER_RECYCLE_ABOVE_MB]) {
    const reader = createResumeReader({ timeoutMs: 60_000, warm: true, recycleAboveMb: recycleAboveMb ?? 1_000_000 });
    try {
      await reader.read(paragraphs(2), DOCX, { extractLocallyAt: null });
      const beforeMb = await settledRss();
      const [worker] = reader.threadIds;
      const t = performance.now();
      const outcome = await reader.read(heavy, DOCX, { extractLocallyAt: null });
      if (!outcome.ok) throw new Error(`the heavy file was refused: ${outcome.message}`);
      const readMs = performance.now() - t;
      // A recycled worker's replacement starts in the background: let it load before measuring.
      await sleep(5_000);
      rows.push({ recycleAboveMb, readMs, beforeMb, settledMb: await settledRss(), replaced: !reader.threadIds.includes(worker!) });
    } finally {
      await reader.close();
    }
  }
  return rows;
}

/** Another user's wait behind one slow file, with one worker and with two (the second started on demand). */
async function measureSlowFirst(): Promise<HostileUploadFigures['slowFirst']> {
  const slow = paragraphs(16_000);
  const resume = paragraphs(2);
  const rows: HostileUploadFigures['slowFirst'] = [];
  for (const threads of [1, 2]) {
    const reader = createResumeReader({ timeoutMs: 15_000, threads, warm: true });
    try {
      await reader.read(resume, DOCX, { extractLocallyAt: null });
      const t = performance.now();
      const slowRead = reader.read(slow, DOCX, { extractLocallyAt: null }).then(() => performance.now() - t);
      await sleep(50);
      const v = performance.now();
      await reader.read(resume, DOCX, { extractLocallyAt: null });
      const victimMs = performance.now() - v;
      rows.push({ threads, slowMs: await slowRead, victimMs });
    } finally {
      await reader.close();
    }
  }
  return rows;
}

export async function measureHostileUploads(db: TestDatabase): Promise<HostileUploadFigures> {
  const recycling = await measureRecycling();
  const slowFirst = await measureSlowFirst();
  const runtime = await createRuntime(loadConfig({ DATABASE_URL: db.url, LOG_LEVEL: 'silent' }));
  const app = await buildApp(runtime, { spaDir: false, resumeReading: { timeoutMs: 15_000, threads: 1, heapMb: 256, warm: true } });
  await app.ready();
  try {
    let accounts = 0;
    const signUp = async () => {
      const n = ++accounts;
      const response = await app.inject({ method: 'POST', url: '/api/auth/candidate/signup', payload: { ...candidate, email: `bench-uploader${n}@example.com` }, remoteAddress: `10.45.0.${n}` });
      return { authorization: `Bearer ${response.json().token as string}` };
    };
    const upload = (auth: Record<string, string>, filename: string, type: string, bytes: Uint8Array) =>
      app.inject({ method: 'POST', url: '/api/extract-resume', payload: form(filename, type, bytes), headers: { ...auth, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } });
    const resume = await Packer.toBuffer(new Document({ sections: [{ children: ['Priya Raman', 'priya.raman@example.com'].map((text) => new Paragraph({ text })) }] }));
    const bomb = lyingDocxBomb();

    const warm = await signUp();
    const warmUp = await upload(warm, 'cv.docx', DOCX, resume);
    if (warmUp.statusCode !== 200) throw new Error(`the warm-up read answered ${warmUp.statusCode}`);
    const rssStartMb = await settledRss();

    // Seven lying bombs, one after the other, from one account.
    const attacker = await signUp();
    let stop = rssWatch();
    const bombMs: number[] = [];
    for (let i = 0; i < 7; i++) {
      const t = performance.now();
      const answer = await upload(attacker, 'cv.docx', DOCX, bomb);
      if (answer.statusCode !== 422) throw new Error(`a bomb answered ${answer.statusCode}`);
      bombMs.push(performance.now() - t);
    }
    const sequential = { bombMs, peakMb: stop(), afterMb: process.memoryUsage.rss() / MB, settledMb: await settledRss() };

    // Seven at once, from seven accounts (one file in flight per account, so seven in the queue).
    const seven = await Promise.all(Array.from({ length: 7 }, () => signUp()));
    stop = rssWatch();
    const statuses = (await Promise.all(seven.map((auth) => upload(auth, 'cv.docx', DOCX, bomb)))).map((answer) => answer.statusCode);
    const concurrent = { accounts: 7, statuses, peakMb: stop(), afterMb: process.memoryUsage.rss() / MB, settledMb: await settledRss() };

    // Twenty at once from one account while another account uploads a valid resume.
    const victim = await signUp();
    let t = performance.now();
    await upload(victim, 'resume.docx', DOCX, resume);
    const victimAloneMs = performance.now() - t;
    const flooder = await signUp();
    const pdfBomb = pdfDeflateBomb();
    t = performance.now();
    const flood = Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? upload(flooder, 'cv.pdf', 'application/pdf', pdfBomb) : upload(flooder, 'cv.docx', DOCX, bomb))));
    const victimAnswer = await upload(victim, 'resume.docx', DOCX, resume);
    const victimMs = performance.now() - t;
    const floodStatuses: Record<string, number> = {};
    for (const answer of await flood) floodStatuses[answer.statusCode] = (floodStatuses[answer.statusCode] ?? 0) + 1;

    const pdfAttacker = await signUp();
    t = performance.now();
    await upload(pdfAttacker, 'cv.pdf', 'application/pdf', pdfBomb);
    const pdfBombMs = performance.now() - t;

    return {
      rssStartMb,
      sequential,
      concurrent,
      flood: { bombs: 20, statuses: floodStatuses, victimMs, victimStatus: victimAnswer.statusCode, victimAloneMs },
      pdfBombMs,
      recycling,
      slowFirst,
    };
  } finally {
    await app.close();
    await runtime.close();
  }
}
