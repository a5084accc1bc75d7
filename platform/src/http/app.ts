import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorHandlerPlugin, type ErrorHandlerOptions } from './errors';


export interface BaseAppOptions {
  logger?: FastifyServerOptions['logger'];
  /** Largest accepted JSON body. */
  bodyLimit?: number;
  notFound?: ErrorHandlerOptions['notFound'];
  /** Trust X-Forwarded-For for the client address (only behind a proxy we run). */
  trustProxy?: boolean;
}

/** A fastify instance with zod schemas as the type provider and the shared error map. */
export function createBaseApp(options: BaseAppOptions = {}) {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: options.bodyLimit ?? 1_048_576,
    trustProxy: options.trustProxy ?? false,
    // Every request gets its own id; it becomes the correlation id of the events it causes.
    requestIdHeader: false,
    genReqId: () => randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.register(errorHandlerPlugin, { notFound: options.notFound });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
  });
  return app;
}

export type App = ReturnType<typeof createBaseApp>;
