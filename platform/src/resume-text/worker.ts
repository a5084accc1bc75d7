import type { ExtractedResume } from '@hireloop/contracts';
import { extractResumeLocally } from '../ai/local';
import { ResumeFileRejectedError, type ResumeFileRefusal } from './errors';
import { resumeText } from './index';

/** One resume to read in a worker thread. */
export interface ReadTask {
  bytes: Uint8Array;
  mediaType: string;
  /** Also run the offline field extractor here (the local adapter), at this moment's "now". */
  extractLocallyAt: string | null;
}

/** Errors do not keep their class across threads: the outcome says what happened. */
export type ReadOutcome =
  | { ok: true; text: string; extracted: ExtractedResume | null }
  | { ok: false; reason: ResumeFileRefusal; message: string };

/** Runs in a worker thread (see worker-entry.mjs): the file's text, and the local extraction if asked. */
export default async function readResume(task: ReadTask): Promise<ReadOutcome> {
  try {
    const text = await resumeText(task.bytes, task.mediaType);
    const extracted = task.extractLocallyAt === null ? null : extractResumeLocally(text, new Date(task.extractLocallyAt));
    return { ok: true, text, extracted };
  } catch (error) {
    if (error instanceof ResumeFileRejectedError) return { ok: false, reason: error.reason, message: error.message };
    // Anything else a hostile or broken file makes the readers throw: unreadable, said plainly.
    return { ok: false, reason: 'unreadable', message: 'The file could not be read.' };
  }
}
