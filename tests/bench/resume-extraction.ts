import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { extractResumeLocally } from '@hireloop/platform/ai/local';
import { DOCX_MEDIA_TYPE, PDF_MEDIA_TYPE, resumeText } from '@hireloop/platform/resume-text';
import { createResumeReader } from '@hireloop/platform/resume-text/extractor';
import { quantile } from './load-generator';

/**
 * Extraction time per real resume (shared/data/resumes) with the local adapter: text and fields
 * read on the calling thread ("direct"), and through the worker pool the upload routes use
 * ("worker": copy to the thread, read, answer back; the worker kept warm as in production).
 */
const resumesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/data/resumes');

export interface ResumeExtractionFigures {
  files: number;
  rounds: number;
  workerStartMs: number;
  direct: { p50: number; p95: number };
  worker: { p50: number; p95: number };
  perFile: Array<{ file: string; kb: number; directP50: number; workerP50: number }>;
}

const sorted = (values: readonly number[]) => [...values].sort((a, b) => a - b);

export async function measureResumeExtraction(rounds: number): Promise<ResumeExtractionFigures> {
  const files = (await readdir(resumesDir)).filter((file) => /\.(pdf|docx)$/.test(file)).sort();
  const inputs = await Promise.all(
    files.map(async (file) => ({ file, bytes: await readFile(path.join(resumesDir, file)), type: file.endsWith('.pdf') ? PDF_MEDIA_TYPE : DOCX_MEDIA_TYPE })),
  );
  const now = new Date();
  const direct = new Map<string, number[]>();
  const worker = new Map<string, number[]>();

  // Warm the direct path (pdf.js loads on first use) like the worker's start-up does.
  await resumeText(inputs[0]!.bytes, inputs[0]!.type);
  const reader = createResumeReader({ timeoutMs: 60_000, warm: true });
  const started = performance.now();
  await reader.read(inputs[0]!.bytes, inputs[0]!.type, { extractLocallyAt: now });
  const workerStartMs = performance.now() - started;
  try {
    for (let round = 0; round < rounds; round++) {
      for (const { file, bytes, type } of inputs) {
        let t = performance.now();
        extractResumeLocally(await resumeText(bytes, type), now);
        direct.set(file, [...(direct.get(file) ?? []), performance.now() - t]);
        t = performance.now();
        const outcome = await reader.read(bytes, type, { extractLocallyAt: now });
        if (!outcome.ok || !outcome.extracted) throw new Error(`${file} could not be read in the worker`);
        worker.set(file, [...(worker.get(file) ?? []), performance.now() - t]);
      }
    }
  } finally {
    await reader.close();
  }
  const all = (times: Map<string, number[]>) => sorted([...times.values()].flat());
  return {
    files: files.length,
    rounds,
    workerStartMs,
    direct: { p50: quantile(all(direct), 0.5), p95: quantile(all(direct), 0.95) },
    worker: { p50: quantile(all(worker), 0.5), p95: quantile(all(worker), 0.95) },
    perFile: inputs.map(({ file, bytes }) => ({
      file,
      kb: bytes.length / 1024,
      directP50: quantile(sorted(direct.get(file)!), 0.5),
      workerP50: quantile(sorted(worker.get(file)!), 0.5),
    })),
  };
}
