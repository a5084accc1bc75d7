import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError, MIN_POSITION_HEADER } from '@hireloop/contracts';
import { isPosition, type Position } from '@hireloop/platform/event-store';
import type { Doc, ReadStore } from '@hireloop/platform/read-store';
import { allProjections } from '@hireloop/projections/registry';
import { physicalCollection } from '@hireloop/projections/shared/projection';
import type { ProjectionProgress } from './projection-progress';

/**
 * A reader that does not go through the read store (an in-memory index following a read model):
 * the read models its answers come from, declared once, by the reader (ADR 054).
 */
export interface ReadsReadModels {
  readonly readModels: readonly string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The read store as this request reads it (ADR 054): a query that opens a read model's
     * collection first waits (bounded) until that read model has caught up with the request's
     * `X-Min-Position`; without the header it reads at once. The wait list is what the queries
     * read, never written by hand. When a read model has not caught up in time it throws a 503
     * with Retry-After (ADR 050): an answer without the caller's own write (a 404 for the job
     * just posted) would be wrong, not merely late.
     */
    readonly readStore: ReadStore;
    /** The same wait, for readers that are not the read store (in-memory indexes). */
    caughtUpWith(...readers: readonly ReadsReadModels[]): Promise<void>;
  }
}

/** Said when a read model has not reached the caller's X-Min-Position within the wait. */
export const READ_MODEL_BEHIND_MESSAGE = 'Your latest change is still being processed. Please try again in a moment.';
/** Retry-After (seconds) of that answer: the wait already lasted READ_YOUR_WRITES_TIMEOUT_MS. */
export const READ_MODEL_BEHIND_RETRY_AFTER_SECONDS = 1;

/** The read model owning each physical collection (`users_v3` → `users`), from the registry. */
const ownerOfCollection = new Map(
  allProjections.flatMap((projection) => Object.keys(projection.collections).map((collection) => [physicalCollection(projection, collection), projection.name] as const)),
);

/** The read model a physical collection belongs to; undefined for a collection no read model owns. */
export const readModelOfCollection = (name: string): string | undefined => ownerOfCollection.get(name);

/**
 * `readStore` as seen by a reader that must first wait for what it reads: every operation on a
 * read model's collection awaits `waitFor([that read model])` before it runs. So the wait list of
 * an answer is derived from the collections its queries open (`physicalCollection(projection, …)`
 * in each query function), and a read model cannot be forgotten (ADR 054).
 */
export function waitingReadStore(readStore: ReadStore, waitFor: (readModels: readonly string[]) => Promise<void>): ReadStore {
  const waitingCollection = <T extends object>(collection: T, readModel: string): T =>
    new Proxy(collection, {
      get(target, property) {
        const value: unknown = Reflect.get(target, property, target);
        if (typeof value !== 'function') return value;
        return async (...args: unknown[]) => {
          await waitFor([readModel]);
          return (value as (...rest: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  return new Proxy(readStore, {
    get(target, property) {
      if (property === 'collection') {
        const collection: ReadStore['collection'] = <T extends Doc>(name: string) => {
          const opened = target.collection<T>(name);
          const readModel = readModelOfCollection(name);
          return readModel ? waitingCollection(opened, readModel) : opened;
        };
        return collection;
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

interface RequestWaits {
  readStore: ReadStore;
  /** Read models already seen at the request's position: not waited for again. */
  reached: Set<string>;
  /** One time budget for the whole request, however many read models it reads one after another. */
  deadline: number | null;
}

export const readYourWritesPlugin = fp(
  async (app: FastifyInstance, options: { progress: ProjectionProgress; timeoutMs: number; readStore: ReadStore }) => {
    const waits = new WeakMap<FastifyRequest, RequestWaits>();
    const waitsOf = (request: FastifyRequest): RequestWaits => {
      let state = waits.get(request);
      if (!state) {
        state = { readStore: waitingReadStore(options.readStore, (readModels) => caughtUp(request, readModels)), reached: new Set(), deadline: null };
        waits.set(request, state);
      }
      return state;
    };
    const minPosition = (request: FastifyRequest): Position | null => {
      const header = request.headers[MIN_POSITION_HEADER];
      const position = Array.isArray(header) ? header[0] : header;
      if (!position) return null;
      if (!isPosition(position)) throw new DomainError('validation', 'X-Min-Position must be a position returned by an earlier request.');
      return position;
    };
    const caughtUp = async (request: FastifyRequest, readModels: readonly string[]) => {
      const position = minPosition(request);
      if (!position) return;
      const state = waitsOf(request);
      const names = [...new Set(readModels)].filter((name) => !state.reached.has(name));
      if (names.length === 0) return;
      state.deadline ??= Date.now() + options.timeoutMs;
      const reached = await options.progress.waitFor(names, position, Math.max(0, state.deadline - Date.now()));
      if (!reached) {
        request.log.warn({ projections: names, position }, 'read model still behind X-Min-Position');
        throw new DomainError('unavailable', READ_MODEL_BEHIND_MESSAGE, READ_MODEL_BEHIND_RETRY_AFTER_SECONDS);
      }
      for (const name of names) state.reached.add(name);
    };
    app.decorateRequest('readStore', {
      getter(this: FastifyRequest) {
        return waitsOf(this).readStore;
      },
    });
    app.decorateRequest('caughtUpWith', async function (this: FastifyRequest, ...readers: readonly ReadsReadModels[]) {
      await caughtUp(
        this,
        readers.flatMap((reader) => reader.readModels),
      );
    });
  },
  { name: 'hireloop-read-your-writes' },
);
