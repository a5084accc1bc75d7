import { parentPort } from 'node:worker_threads';
import type { ExtractedResume } from '@hireloop/contracts';
import { extractResumeLocally } from '../ai/local';
import { ResumeFileRejectedError, type ResumeFileRefusal } from './errors';
import { resumeText } from './index';

/** One resume to read in a worker thread. */
export interface ReadTask {
  /** The reader's number for this read: the worker's messages about it carry it. */
  id: number;
  bytes: Uint8Array;
  mediaType: string;
  /** Also run the offline field extractor here (the local adapter), at this moment's "now". */
  extractLocallyAt: string | null;
  /** After the read, a worker whose heap and buffers hold more than this is ended (and replaced). */
  recycleAboveBytes: number;
}

/** Errors do not keep their class across threads: the outcome says what happened. */
export type ReadOutcome =
  | { ok: true; text: string; extracted: ExtractedResume | null }
  | { ok: false; reason: ResumeFileRefusal; message: string };

/**
 * What a worker tells the reader besides the task's answer, on the thread's own port: that a file
 * starts being read (its time budget starts now), or the answer of a read after which this worker
 * is to be ended because its memory grew.
 */
export type WorkerReport =
  | { resumeRead: number; event: 'started' }
  /** The file is read by OCR from now on: its budget becomes the OCR one. */
  | { resumeRead: number; event: 'ocr' }
  | { resumeRead: number; event: 'recycle'; outcome: ReadOutcome };

/** A resume's text is a few thousand characters; past this, a file is not one (and the extractor would crawl). */
export const RESUME_MAX_TEXT_CHARS = 500_000;

async function read(task: ReadTask): Promise<ReadOutcome> {
  try {
    const text = await resumeText(task.bytes, task.mediaType, {
      onOcr: () => parentPort?.postMessage({ resumeRead: task.id, event: 'ocr' } satisfies WorkerReport),
    });
    if (text.length > RESUME_MAX_TEXT_CHARS) {
      return { ok: false, reason: 'too-complex', message: `The file holds ${text.length} characters of text; a resume has far fewer than ${RESUME_MAX_TEXT_CHARS}.` };
    }
    const extracted = task.extractLocallyAt === null ? null : extractResumeLocally(text, new Date(task.extractLocallyAt));
    return { ok: true, text, extracted };
  } catch (error) {
    if (error instanceof ResumeFileRejectedError) return { ok: false, reason: error.reason, message: error.message };
    // Anything else a hostile or broken file makes the readers throw: unreadable, said plainly.
    return { ok: false, reason: 'unreadable', message: 'The file could not be read.' };
  }
}

/** Runs in a worker thread (see worker-entry.mjs), one file per task: the file's text, and the local extraction if asked. */
export default async function readResume(task: ReadTask): Promise<ReadOutcome> {
  parentPort?.postMessage({ resumeRead: task.id, event: 'started' } satisfies WorkerReport);
  const outcome = await read(task);
  // This thread's own heap and buffers (rss would be the whole process's).
  const { heapTotal, external } = process.memoryUsage();
  if (heapTotal + external > task.recycleAboveBytes) {
    parentPort?.postMessage({ resumeRead: task.id, event: 'recycle', outcome } satisfies WorkerReport);
    // Stay busy, so the pool gives this thread no other file, until the reader ends it.
    return new Promise<ReadOutcome>(() => undefined);
  }
  return outcome;
}
