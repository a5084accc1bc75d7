import { Piscina } from 'piscina';
import type { ReadOutcome, ReadTask } from './worker';

/*
 * Reading an uploaded resume runs off the request thread, in a pool of worker threads, each
 * read with a time limit: a hostile file that makes pdf.js or mammoth spin is ended by
 * terminating its worker (piscina does that when a running task is aborted), and the server
 * keeps answering. ADR 025.
 */

export class ResumeReadTimedOutError extends Error {
  override readonly name = 'ResumeReadTimedOutError';
}

/** Every worker is busy and the queue is full: try again shortly. */
export class ResumeReadersBusyError extends Error {
  override readonly name = 'ResumeReadersBusyError';
}

export interface ResumeReaderOptions {
  /** How long one read may take, from queueing to answer (ms). */
  timeoutMs: number;
  /** Worker threads (default 1: the machine's other cores serve requests). */
  threads?: number;
  /** Reads waiting for a worker before new ones are refused (default 16). */
  maxQueue?: number;
  /**
   * Keep one worker started and loaded at all times (production): a read then pays no start-up,
   * and a worker ended by the time limit is replaced at once. Tests start workers on demand.
   */
  warm?: boolean;
}

export interface ResumeReader {
  read(bytes: Uint8Array, mediaType: string, options: { extractLocallyAt: Date | null }): Promise<ReadOutcome>;
  /** Worker threads alive now (for tests and the bench). */
  readonly threads: number;
  close(): Promise<void>;
}

export function createResumeReader(options: ResumeReaderOptions): ResumeReader {
  const threads = options.threads ?? 1;
  const pool = new Piscina<ReadTask, ReadOutcome>({
    filename: new URL('./worker-entry.mjs', import.meta.url).href,
    minThreads: options.warm ? 1 : 0,
    maxThreads: threads,
    maxQueue: options.maxQueue ?? 16,
    // An idle worker goes away after a while; the next read starts one again.
    idleTimeout: 60_000,
  });
  return {
    async read(bytes, mediaType, { extractLocallyAt }) {
      // The worker gets its own copy, moved (not cloned again) across the thread boundary.
      const copy = new Uint8Array(bytes);
      const signal = AbortSignal.timeout(options.timeoutMs);
      try {
        return await pool.run(
          { bytes: copy, mediaType, extractLocallyAt: extractLocallyAt?.toISOString() ?? null },
          { signal, transferList: [copy.buffer] },
        );
      } catch (error) {
        if (signal.aborted) throw new ResumeReadTimedOutError(`Reading the resume took longer than ${options.timeoutMs} ms; its worker was ended.`);
        if (error instanceof Error && /queue is at limit/i.test(error.message)) throw new ResumeReadersBusyError('Every resume reader is busy.');
        throw error;
      }
    },
    get threads() {
      return pool.threads.length;
    },
    close: () => pool.destroy(),
  };
}
