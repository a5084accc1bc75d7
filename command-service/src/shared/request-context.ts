import type { FastifyReply, FastifyRequest } from 'fastify';
import { POSITION_HEADER } from '@hireloop/contracts';
import type { Actor } from '@hireloop/platform/event-store';
import type { CommandContext } from './command-handler';
import type { CommandServiceDeps } from './deps';

export const commandContext = (deps: CommandServiceDeps, request: FastifyRequest, actor: Actor): CommandContext => ({
  actor,
  correlationId: request.id,
  causationId: null,
  clock: deps.clock,
  ids: deps.ids,
});

/** Read-your-writes: the client sends this back as X-Min-Position on its next queries. */
export const withPosition = (reply: FastifyReply, position: string) => {
  if (position) reply.header(POSITION_HEADER, position);
  return reply;
};
