import { zipSync } from 'fflate';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { createResumeReader, ResumeReadTimedOutError, type ResumeReader } from './extractor';
import { pdfOperatorBomb } from './hostile-files';
import { DOCX_MEDIA_TYPE, PDF_MEDIA_TYPE } from './index';
import { looksScanned } from './scanned';

/*
 * The resume reader's worker pool (ADR 045) with real worker threads: when a file's time budget
 * starts, what a worker that runs out of heap costs, and recycling. Starting a worker costs
 * seconds (pdf.js), so each test keeps its reader warm and reads once before it measures.
 */

const encode = (text: string) => new TextEncoder().encode(text);
/** A Word document of the given paragraphs. */
const docx = (paragraphs: readonly string[]) =>
  zipSync({
    '[Content_Types].xml': encode(
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    '_rels/.rels': encode(
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="r1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    'word/document.xml': encode(
      `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraphs.map((text) => `<w:p><w:r><w:t>${text}</w:t></w:r></w:p>`).join('')}</w:body></w:document>`,
    ),
  });
const RESUME = docx(['Priya Raman', 'priya.raman@example.com']);
/** A resume with text enough not to look scanned (`looksScanned`): read from its text layer, never by OCR. */
const FULL_RESUME = docx([
  'Priya Raman',
  'priya.raman@example.com',
  ...Array.from({ length: 12 }, (_, index) => `Senior Data Engineer at Company ${index + 1}, building streaming pipelines, warehouses and the tooling around them.`),
]);

const readers: ResumeReader[] = [];
const reader = (options: Parameters<typeof createResumeReader>[0]) => {
  const made = createResumeReader({ warm: true, queueTimeoutMs: 120_000, ...options });
  readers.push(made);
  return made;
};
afterEach(async () => {
  for (const made of readers.splice(0)) await made.close();
});
const read = (from: ResumeReader, bytes: Uint8Array, type = DOCX_MEDIA_TYPE) => from.read(bytes, type, { extractLocallyAt: null });

describe('the resume reader', () => {
  it('gives each file its whole time budget from the moment a worker starts it, however long it waited', async () => {
    const options = { timeoutMs: 60_000, threads: 1, maxQueue: 50 };
    const pool = reader(options);
    // About a second of pdf.js work, well inside one budget once pdf.js is warm.
    const slow = pdfOperatorBomb(20_000);
    expect((await read(pool, slow, PDF_MEDIA_TYPE)).ok).toBe(true);
    let started = performance.now();
    expect((await read(pool, slow, PDF_MEDIA_TYPE)).ok).toBe(true);
    const slowMs = performance.now() - started;
    const timeoutMs = Math.max(4_000, 3 * slowMs);
    options.timeoutMs = timeoutMs;
    // Enough slow files ahead that the last one waits longer than a whole budget.
    const ahead = Math.ceil((1.5 * timeoutMs) / slowMs) + 1;

    started = performance.now();
    const answers = await Promise.all([...Array.from({ length: ahead }, () => read(pool, slow, PDF_MEDIA_TYPE)), read(pool, RESUME)]);
    const waitedMs = performance.now() - started;

    expect(waitedMs).toBeGreaterThan(timeoutMs);
    expect(answers.map((answer) => answer.ok)).toEqual(Array.from({ length: ahead + 1 }, () => true));
    expect(answers.at(-1)).toMatchObject({ ok: true, text: 'Priya Raman\n\npriya.raman@example.com' });
  });

  it('a file that needs more than the heap limit ends only its worker: it is refused as too complex, the worker is replaced, and the next file is read', async () => {
    // A worker's readers need about 100 MB of heap to load; 144 leaves them room, and the file none.
    const pool = reader({ timeoutMs: 60_000, heapMb: 144 });
    expect((await read(pool, RESUME)).ok).toBe(true);
    const [before] = pool.threadIds;
    // One paragraph of 24 MiB of text (under the zip caps, a handful of tags): a string copied a few times.
    const heavy = docx(['word '.repeat(4.8 * 1024 * 1024)]);

    const refused = await read(pool, heavy);

    expect(refused).toEqual({ ok: false, reason: 'too-complex', message: 'Reading the file needed more than 144 MB; its worker was ended.' });
    expect(await read(pool, RESUME)).toMatchObject({ ok: true, text: 'Priya Raman\n\npriya.raman@example.com' });
    expect(pool.threadIds).toHaveLength(1);
    expect(pool.threadIds).not.toContain(before);
  });

  it('a worker whose memory grew past the threshold after a read is replaced, and the read is answered all the same', async () => {
    const pool = reader({ timeoutMs: 60_000, recycleAboveMb: 1 });
    expect((await read(pool, RESUME)).ok).toBe(true);
    const [before] = pool.threadIds;

    const answer = await read(pool, RESUME);

    expect(answer).toMatchObject({ ok: true, text: 'Priya Raman\n\npriya.raman@example.com' });
    expect(pool.threadIds).toHaveLength(1);
    expect(pool.threadIds).not.toContain(before);
  });

  it('a file of far more text than a resume has is refused as too complex, before the field extractor reads it', async () => {
    const pool = reader({ timeoutMs: 60_000 });

    const answer = await pool.read(docx(['word '.repeat(120_000)]), DOCX_MEDIA_TYPE, { extractLocallyAt: new Date() });

    expect(answer).toEqual({ ok: false, reason: 'too-complex', message: 'The file holds 599999 characters of text; a resume has far fewer than 500000.' });
  });

  it('keeps a bounded queue: past it a file is refused at once as busy, and the files in line are read in order', async () => {
    const pool = reader({ timeoutMs: 60_000, threads: 1, maxQueue: 1 });
    expect((await read(pool, RESUME)).ok).toBe(true);
    const slow = pdfOperatorBomb(20_000, 'resume');
    const finished: number[] = [];

    const answers = await Promise.allSettled(
      [0, 1, 2, 3].map((n) =>
        read(pool, slow, PDF_MEDIA_TYPE).then((answer) => {
          finished.push(n);
          return answer.ok;
        }),
      ),
    );

    expect(answers.map((answer) => (answer.status === 'fulfilled' ? answer.value : (answer.reason as Error).name))).toEqual([
      true,
      true,
      'ResumeReadersBusyError',
      'ResumeReadersBusyError',
    ]);
    expect(finished).toEqual([0, 1]);
  });

  it('a worker under the threshold keeps reading', async () => {
    const pool = reader({ timeoutMs: 60_000 });
    expect((await read(pool, RESUME)).ok).toBe(true);
    const ids = pool.threadIds;

    expect((await read(pool, RESUME)).ok).toBe(true);

    expect(pool.threadIds).toEqual(ids);
  });
  it('a file read by OCR gets the OCR budget, from the same start: an image outlives the text budget, and the OCR budget still ends it', async () => {
    // A blank page: OCR (and the engine's start in this worker) takes far longer than 50 ms.
    const page = new Uint8Array(await sharp({ create: { width: 1240, height: 1754, channels: 3, background: '#ffffff' } }).png().toBuffer());

    const generous = reader({ timeoutMs: 50, ocrTimeoutMs: 120_000 });
    const outcome = await read(generous, page, 'image/png');
    expect(outcome).toMatchObject({ ok: true });

    const strict = reader({ timeoutMs: 120_000, ocrTimeoutMs: 50 });
    await expect(read(strict, page, 'image/png')).rejects.toBeInstanceOf(ResumeReadTimedOutError);
    // The text budget still holds for a document with a text layer, on the replaced worker. (RESUME
    // itself is too short: its few letters look like a scan's, so it is read by OCR too, and under
    // load its 50 ms OCR budget ran out in CI.)
    const full = await read(strict, FULL_RESUME);
    expect(full).toMatchObject({ ok: true });
    expect(looksScanned(full.ok ? full.text : '')).toBe(false);
  });
});
