import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError, MIN_POSITION_HEADER } from '@hireloop/contracts';
import { isPosition } from '@hireloop/platform/event-store';
import type { ProjectionProgress } from './projection-progress';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Waits (bounded) until the named read models have caught up with the request's
     * `X-Min-Position`; without the header it returns at once. When they have not caught up in
     * time it throws a 503 with Retry-After (ADR 050): an answer without the caller's own write
     * (a 404 for the job just posted) would be wrong, not merely late.
     */
    readModelsCaughtUp(projections: readonly string[]): Promise<void>;
  }
}

/** Said when a read model has not reached the caller's X-Min-Position within the wait. */
export const READ_MODEL_BEHIND_MESSAGE = 'Your latest change is still being processed. Please try again in a moment.';
/** Retry-After (seconds) of that answer: the wait already lasted READ_YOUR_WRITES_TIMEOUT_MS. */
export const READ_MODEL_BEHIND_RETRY_AFTER_SECONDS = 1;

export const readYourWritesPlugin = fp(
  async (app: FastifyInstance, options: { progress: ProjectionProgress; timeoutMs: number }) => {
    app.decorateRequest('readModelsCaughtUp', async function (this: FastifyRequest, projections: readonly string[]) {
      const header = this.headers[MIN_POSITION_HEADER];
      const position = Array.isArray(header) ? header[0] : header;
      if (!position) return;
      if (!isPosition(position)) throw new DomainError('validation', 'X-Min-Position must be a position returned by an earlier request.');
      const reached = await options.progress.waitFor(projections, position, options.timeoutMs);
      if (!reached) {
        this.log.warn({ projections, position }, 'read model still behind X-Min-Position');
        throw new DomainError('unavailable', READ_MODEL_BEHIND_MESSAGE, READ_MODEL_BEHIND_RETRY_AFTER_SECONDS);
      }
    });
  },
  { name: 'hireloop-read-your-writes' },
);
