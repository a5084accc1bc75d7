import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { answerClientError, answerFrameworkError, declareErrorAnswers, errorHandlerPlugin, type ErrorHandlerOptions } from './errors';
import type { TrustProxy } from '../config';
import { withLogRedaction } from './log-redaction';
import { RequestLogController } from './request-log';
import { securityHeadersPlugin } from './security-headers';
import { rejectUnsafeText } from './text-guard';


export interface BaseAppOptions {
  logger?: FastifyServerOptions['logger'];
  /** Largest accepted JSON body. */
  bodyLimit?: number;
  notFound?: ErrorHandlerOptions['notFound'];
  /** Which hops may name the client's address in X-Forwarded-For (ADR 051); default none. */
  trustProxy?: TrustProxy;
  /** Where people reach the app; an https address turns on HSTS. */
  publicUrl?: string;
  /** Other origins the SPA may frame (the AI assistant's embedded pages, ADR 043). */
  frameSources?: readonly string[];
}

/**
 * fastify's trustProxy for a setting (ADR 051). A hop count is given as proxy-addr's own rule for
 * one (the first `hops` addresses from the socket inward are proxies), since fastify's types
 * leave the number out.
 */
const fastifyTrustProxy = (trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) =>
  typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;

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
    // Start-up work (onReady: a projections process ensures 23 read models' collections, a query
    // process loads its indexes) may take longer than fastify's 10 s on a busy machine; past it the
    // process exited with code 1 instead of starting (found by `npm run prove`'s chaos at load 25
    // on 2 cores, ADR 088). Waiting longer is what "recovers by itself" needs.
    pluginTimeout: 180_000,
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
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
