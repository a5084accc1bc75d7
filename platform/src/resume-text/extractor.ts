import { Piscina } from 'piscina';
import type { ReadOutcome, ReadTask, WorkerReport } from './worker';

/*
 * Reading an uploaded resume runs off the request thread, in a pool of worker threads, one file
 * per task (ADR 025, ADR 045):
 * - each file has a time budget that starts when a worker starts reading it (the worker says so),
 *   not when it is queued: files waiting behind a slow one keep their whole budget. A file past
 *   its budget is aborted, and piscina ends the worker running it;
 * - each worker has a heap limit (`resourceLimits`): a file that needs more kills only its worker
 *   (ERR_WORKER_OUT_OF_MEMORY), which the pool replaces;
 * - after a read, a worker whose heap and buffers grew past a threshold is ended and replaced, so
 *   the memory one large file took is given back to the system instead of kept by that thread;
 * - the queue is bounded, first in first out, and a file waits at most `queueTimeoutMs` for a
 *   worker: then the readers are busy (503), not slow for everyone. The queue is kept here, and a
 *   file goes to piscina only when a worker is free: piscina keeps tasks that carry an abort
 *   signal in a side queue that `maxQueue` does not count and that it reorders (5.3).
 */

export class ResumeReadTimedOutError extends Error {
  override readonly name = 'ResumeReadTimedOutError';
}

/** Every worker is busy and the queue is full, or the file waited too long for one: try again shortly. */
export class ResumeReadersBusyError extends Error {
  override readonly name = 'ResumeReadersBusyError';
}

export interface ResumeReaderOptions {
  /** How long one file may be read, from the moment a worker starts reading it (ms). */
  timeoutMs: number;
  /** The same for a file read by OCR (an image, a scan), from the same start (default: twice `timeoutMs`). */
  ocrTimeoutMs?: number;
  /** Worker threads (default 1: the machine's other cores serve requests). */
  threads?: number;
  /** Files waiting for a worker before new ones are refused (default 8). */
  maxQueue?: number;
  /** How long a file may wait for a worker before it is refused as busy (default: twice `timeoutMs`). */
  queueTimeoutMs?: number;
  /** Each worker's heap limit in MB (default 256); a file that needs more ends its worker. */
  heapMb?: number;
  /** A worker whose heap and buffers hold more than this (MB) after a read is replaced (default 192). */
  recycleAboveMb?: number;
  /**
   * Keep one worker started and loaded at all times (production): a read then pays no start-up,
   * and a worker that was ended is replaced at once. Tests start workers on demand.
   */
  warm?: boolean;
}

export interface ResumeReader {
  read(bytes: Uint8Array, mediaType: string, options: { extractLocallyAt: Date | null }): Promise<ReadOutcome>;
  /** Worker threads alive now (for tests and the bench). */
  readonly threads: number;
  /** The thread ids of the workers alive now: a replaced worker has a new one. */
  readonly threadIds: readonly number[];
  close(): Promise<void>;
}

export const RESUME_WORKER_HEAP_MB = 256;
export const RESUME_WORKER_RECYCLE_ABOVE_MB = 192;

const isReport = (message: unknown): message is WorkerReport =>
  typeof message === 'object' && message !== null && typeof (message as { resumeRead?: unknown }).resumeRead === 'number';

interface Job {
  started(): void;
  ocr(): void;
  recycled(outcome: ReadOutcome): void;
}

export function createResumeReader(options: ResumeReaderOptions): ResumeReader {
  const threads = options.threads ?? 1;
  const heapMb = options.heapMb ?? RESUME_WORKER_HEAP_MB;
  const pool = new Piscina<ReadTask, ReadOutcome>({
    filename: new URL('./worker-entry.mjs', import.meta.url).href,
    minThreads: options.warm ? 1 : 0,
    maxThreads: threads,
    concurrentTasksPerWorker: 1,
    resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: Math.max(16, Math.round(heapMb / 8)) },
    // An idle worker goes away after a while; the next read starts one again.
    idleTimeout: 60_000,
  });
  const jobs = new Map<number, Job>();
  pool.on('message', (message: unknown) => {
    if (!isReport(message)) return;
    const job = jobs.get(message.resumeRead);
    if (message.event === 'started') job?.started();
    else if (message.event === 'ocr') job?.ocr();
    else job?.recycled(message.outcome);
  });
  let lastId = 0;

  // Files read now (at most `threads`), and those waiting for a worker, first come first served.
  const maxQueue = options.maxQueue ?? 8;
  let reading = 0;
  const waiting: Array<() => void> = [];
  const takeWorker = () =>
    new Promise<void>((resolve, reject) => {
      if (reading < threads) {
        reading += 1;
        resolve();
        return;
      }
      if (waiting.length >= maxQueue) {
        reject(new ResumeReadersBusyError('Every resume reader is busy.'));
        return;
      }
      const turn = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(turn), 1);
        reject(new ResumeReadersBusyError('No resume reader became free in time.'));
      }, options.queueTimeoutMs ?? 2 * options.timeoutMs);
      waiting.push(turn);
    });
  /** The worker is free again: the next file in line gets it. */
  const giveBackWorker = () => {
    const next = waiting.shift();
    if (next) next();
    else reading -= 1;
  };

  return {
    async read(bytes, mediaType, { extractLocallyAt }) {
      await takeWorker();
      try {
        return await readNow(bytes, mediaType, extractLocallyAt);
      } finally {
        giveBackWorker();
      }
    },
    get threads() {
      return pool.threads.length;
    },
    get threadIds() {
      return pool.threads.map((worker) => worker.threadId);
    },
    close: () => pool.destroy(),
  };

  /** One file, on a worker that is free for it. */
  async function readNow(bytes: Uint8Array, mediaType: string, extractLocallyAt: Date | null): Promise<ReadOutcome> {
    const id = ++lastId;
    // The worker gets its own copy, moved (not cloned again) across the thread boundary.
    const copy = new Uint8Array(bytes);
    const controller = new AbortController();
    let ended: 'timed-out' | 'recycled' | null = null;
    const end = (why: NonNullable<typeof ended>) => {
      ended ??= why;
      controller.abort();
    };
    let budget: NodeJS.Timeout | undefined;
    let startedAt = 0;
    let budgetMs = options.timeoutMs;
    let answerFromReport!: (outcome: ReadOutcome) => void;
    const reported = new Promise<ReadOutcome>((resolve) => (answerFromReport = resolve));
    jobs.set(id, {
      started() {
        startedAt = performance.now();
        budget = setTimeout(() => end('timed-out'), budgetMs);
      },
      ocr() {
        // OCR costs seconds a page: the file's budget becomes the OCR one, still from its start.
        clearTimeout(budget);
        budgetMs = options.ocrTimeoutMs ?? 2 * options.timeoutMs;
        budget = setTimeout(() => end('timed-out'), Math.max(0, startedAt + budgetMs - performance.now()));
      },
      recycled(outcome) {
        // The answer came with the worker's report; ending the task ends (and replaces) its worker.
        answerFromReport(outcome);
        end('recycled');
      },
    });
    const task: ReadTask = {
      id,
      bytes: copy,
      mediaType,
      extractLocallyAt: extractLocallyAt?.toISOString() ?? null,
      recycleAboveBytes: (options.recycleAboveMb ?? RESUME_WORKER_RECYCLE_ABOVE_MB) * 1024 * 1024,
    };
    const running = pool.run(task, { signal: controller.signal, transferList: [copy.buffer] });
    // Read below; when a recycle report answers first, the aborted task's rejection means nothing.
    running.catch(() => undefined);
    try {
      return await Promise.race([running, reported]);
    } catch (error) {
      if (ended === 'recycled') return await reported;
      if (ended === 'timed-out') throw new ResumeReadTimedOutError(`Reading the resume took longer than ${budgetMs} ms; its worker was ended.`);
      if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
        return { ok: false, reason: 'too-complex', message: `Reading the file needed more than ${heapMb} MB; its worker was ended.` };
      }
      throw error;
    } finally {
      clearTimeout(budget);
      jobs.delete(id);
    }
  }
}
