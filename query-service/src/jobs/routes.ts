import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, JobList, TOTAL_COUNT_HEADER } from '@hireloop/contracts';
import type { ReadStore } from '@hireloop/platform/read-store/index';
import { jobBoardProjection } from '@hireloop/projections/job-board/projection';
import { listJobs } from '@hireloop/projections/job-board/queries';

export const jobQueryRoutes: FastifyPluginAsyncZod<{ readStore: ReadStore }> = async (app, { readStore }) => {
  app.get('/api/jobs', { schema: { tags: ['jobs'], response: { 200: JobList, 400: ErrorBody } } }, async (request, reply) => {
    await request.readModelsCaughtUp([jobBoardProjection.name]);
    const { jobs, total } = await listJobs(readStore);
    reply.header(TOTAL_COUNT_HEADER, String(total));
    return jobs;
  });
};
