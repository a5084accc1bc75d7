import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { DOCX_MEDIA_TYPE, PDF_MEDIA_TYPE } from '@hireloop/platform/resume-text';
import { createResumeReader } from '@hireloop/platform/resume-text/extractor';
import { pixelBombPng, resumePicture, scannedPdf } from '../support/scanned-resumes';
import { quantile } from './load-generator';

/**
 * Extraction time through the upload routes' worker pool (one warm thread, local adapter: text
 * and fields), for text files and for pictures read by OCR (ADR 048), over shared/data/resumes
 * and its devset. Targets (issue 21): p95 ≤ 2 s for text files, ≤ 15 s for images. Also: the
 * first OCR in a thread (engine start-up), a generated scanned PDF, the refusal of a
 * 30,000 × 30,000 pixel PNG, and whether each devset image's name, e-mail and phone come
 * through OCR (ground-truth.json), case and spacing aside.
 */
const sharedResumes = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/data/resumes');
const devset = path.join(sharedResumes, 'devset');

const TYPES: Record<string, string> = { '.pdf': PDF_MEDIA_TYPE, '.docx': DOCX_MEDIA_TYPE, '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp' };

export interface OcrImageFigures {
  file: string;
  width: number;
  p50: number;
  found: { name: boolean; email: boolean; phone: boolean };
}

export interface ResumeOcrFigures {
  textFiles: number;
  imageFiles: number;
  rounds: number;
  text: { p50: number; p95: number; max: number };
  images: { p50: number; p95: number; max: number };
  /** CPU time of the whole process (every thread) per image read: what the read costs, however loaded the machine. */
  imagesCpu: { p50: number; p95: number; max: number };
  firstOcrMs: number;
  scannedPdfMs: number;
  bombRefusedMs: number;
  bombRssDeltaMb: number;
  perImage: OcrImageFigures[];
}

const sorted = (values: readonly number[]) => [...values].sort((a, b) => a - b);
const summary = (values: readonly number[]) => ({ p50: quantile(sorted(values), 0.5), p95: quantile(sorted(values), 0.95), max: Math.max(...values) });
const squash = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}@.+]/gu, '');
const digits = (text: string) => text.replace(/\D/g, '');

async function files(dir: string) {
  const names = (await readdir(dir)).filter((name) => path.extname(name).toLowerCase() in TYPES).sort();
  return Promise.all(names.map(async (name) => ({ file: path.relative(sharedResumes, path.join(dir, name)), bytes: await readFile(path.join(dir, name)), type: TYPES[path.extname(name).toLowerCase()]! })));
}

export async function measureResumeOcr(rounds: number): Promise<ResumeOcrFigures> {
  const all = [...(await files(sharedResumes)), ...(await files(devset))];
  const images = all.filter((input) => input.type.startsWith('image/'));
  const texts = all.filter((input) => !input.type.startsWith('image/'));
  const truth = JSON.parse(await readFile(path.join(devset, 'ground-truth.json'), 'utf8')) as Record<string, { name?: string; email?: string; phone?: string }>;
  const now = new Date();
  const reader = createResumeReader({ timeoutMs: 120_000, warm: true });
  try {
    // The thread's start-up (TypeScript loader, pdf.js) is the resumes section's figure; not counted here.
    await reader.read(texts[0]!.bytes, texts[0]!.type, { extractLocallyAt: now });
    const read = async (input: { bytes: Uint8Array; type: string; file: string }) => {
      const started = performance.now();
      const cpu = process.cpuUsage();
      const outcome = await reader.read(input.bytes, input.type, { extractLocallyAt: now });
      const ms = performance.now() - started;
      const used = process.cpuUsage(cpu);
      if (!outcome.ok) throw new Error(`${input.file} could not be read: ${outcome.message}`);
      return { ms, cpuMs: (used.user + used.system) / 1000, text: outcome.text };
    };

    const small = await read({ file: 'generated.png', bytes: resumePicture(['Warm Up', 'warm.up@example.com']), type: 'image/png' });
    const firstOcrMs = small.ms;

    const textTimes: number[] = [];
    const imageTimes = new Map<string, number[]>();
    const imageCpu: number[] = [];
    const imageTexts = new Map<string, string>();
    for (let round = 0; round < rounds; round += 1) {
      for (const input of texts) textTimes.push((await read(input)).ms);
      for (const input of images) {
        const { ms, cpuMs, text } = await read(input);
        imageCpu.push(cpuMs);
        imageTimes.set(input.file, [...(imageTimes.get(input.file) ?? []), ms]);
        imageTexts.set(input.file, text);
      }
    }

    const scanned = await scannedPdf(resumePicture(['Priya Raman', 'priya.raman@example.com', '+44 7700 900461', 'Data Analyst, Northwind Traders']));
    const scannedPdfMs = (await read({ file: 'scanned.pdf', bytes: scanned, type: PDF_MEDIA_TYPE })).ms;

    const bomb = await pixelBombPng(30_000, 30_000);
    const rssBefore = process.memoryUsage().rss;
    const bombStarted = performance.now();
    const refused = await reader.read(bomb, 'image/png', { extractLocallyAt: now });
    const bombRefusedMs = performance.now() - bombStarted;
    if (refused.ok || refused.reason !== 'image-too-large') throw new Error('The 30,000 × 30,000 PNG was not refused as too large.');
    const bombRssDeltaMb = (process.memoryUsage().rss - rssBefore) / 1024 / 1024;

    const perImage = await Promise.all(
      images.map(async (input) => {
        const expected = truth[path.basename(input.file)] ?? {};
        const text = imageTexts.get(input.file) ?? '';
        const { default: sharp } = await import('sharp');
        const { width = 0 } = await sharp(input.bytes).metadata();
        return {
          file: input.file,
          width,
          p50: quantile(sorted(imageTimes.get(input.file)!), 0.5),
          found: {
            name: expected.name !== undefined && squash(text).includes(squash(expected.name)),
            email: expected.email !== undefined && squash(text).includes(squash(expected.email)),
            phone: expected.phone !== undefined && digits(text).includes(digits(expected.phone).replace(/x+$/i, '')),
          },
        };
      }),
    );
    return {
      textFiles: texts.length,
      imageFiles: images.length,
      rounds,
      text: summary(textTimes),
      images: summary([...imageTimes.values()].flat()),
      imagesCpu: summary(imageCpu),
      firstOcrMs,
      scannedPdfMs,
      bombRefusedMs,
      bombRssDeltaMb,
      perImage,
    };
  } finally {
    await reader.close();
  }
}
