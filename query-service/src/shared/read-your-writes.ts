import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError, MIN_POSITION_HEADER, STALE_HEADER } from '@hireloop/contracts';
import { isPosition } from '@hireloop/platform/event-store';
import type { ProjectionProgress } from './projection-progress';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Waits (bounded) until the named read models have caught up with the request's
     * `X-Min-Position`; without the header it returns at once.
     */
    readModelsCaughtUp(projections: readonly string[]): Promise<void>;
    /** Set when the wait timed out: the answer may not show the caller's latest write yet. */
    staleReadModel: boolean;
  }
}

export const readYourWritesPlugin = fp(
  async (app: FastifyInstance, options: { progress: ProjectionProgress; timeoutMs: number }) => {
    app.decorateRequest('staleReadModel', false);
    app.decorateRequest('readModelsCaughtUp', async function (this: FastifyRequest, projections: readonly string[]) {
      const header = this.headers[MIN_POSITION_HEADER];
      const position = Array.isArray(header) ? header[0] : header;
      if (!position) return;
      if (!isPosition(position)) throw new DomainError('validation', 'X-Min-Position must be a position returned by an earlier request.');
      const reached = await options.progress.waitFor(projections, position, options.timeoutMs);
      if (!reached) {
        this.log.warn({ projections, position }, 'read model still behind X-Min-Position');
        this.staleReadModel = true;
      }
    });
    app.addHook('onSend', async (request, reply) => {
      if (request.staleReadModel) reply.header(STALE_HEADER, 'true');
    });
  },
  { name: 'hireloop-read-your-writes' },
);
