import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { answerClientError, answerFrameworkError, declareErrorAnswers, errorHandlerPlugin, type ErrorHandlerOptions } from './errors';
import { withLogRedaction } from './log-redaction';
import { RequestLogController } from './request-log';
import { securityHeadersPlugin } from './security-headers';
import { rejectUnsafeText } from './text-guard';


export interface BaseAppOptions {
  logger?: FastifyServerOptions['logger'];
  /** Largest accepted JSON body. */
  bodyLimit?: number;
  notFound?: ErrorHandlerOptions['notFound'];
  /** Trust X-Forwarded-For for the client address (only behind a proxy we run). */
  trustProxy?: boolean;
  /** Where people reach the app; an https address turns on HSTS. */
  publicUrl?: string;
  /** Other origins the SPA may frame (the AI assistant's embedded pages, ADR 043). */
  frameSources?: readonly string[];
}

/**
 * A fastify instance with zod schemas as the type provider, the shared error map, the security
 * headers, and no NUL or unpaired surrogate accepted in any route's path, query or body.
 */
export function createBaseApp(options: BaseAppOptions = {}) {
  const app = Fastify({
    // Secrets in URLs (reset tokens, sign-in codes) never reach the log, whoever built the options.
    logger: withLogRedaction(options.logger ?? false),
    // One line per request; successful answers of frequent routes only at debug.
    logController: new RequestLogController(),
    bodyLimit: options.bodyLimit ?? 1_048_576,
    trustProxy: options.trustProxy ?? false,
    // Every request gets its own id; it becomes the correlation id of the events it causes.
    requestIdHeader: false,
    genReqId: () => randomUUID(),
    // Errors fastify and Node answer before any route runs get the product's error shape too.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.register(errorHandlerPlugin, { notFound: options.notFound });
  app.register(securityHeadersPlugin, { https: options.publicUrl?.startsWith('https:') ?? false, frameSources: options.frameSources });
  app.addHook('onRoute', declareErrorAnswers);
  app.addHook('preValidation', rejectUnsafeText);
  return app;
}

export type App = ReturnType<typeof createBaseApp>;
