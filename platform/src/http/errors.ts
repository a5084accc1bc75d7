import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError, HTTP_STATUS, MESSAGES, type ErrorBody } from '@hireloop/contracts';
import { WrongExpectedVersionError } from '../event-store/types';

const fieldName = (instancePath: string) => instancePath.replace(/^\//, '').replace(/\//g, '.');

/**
 * One error map for every service: domain errors and validation become 4xx with a message a
 * person can read; anything unexpected becomes a 500 whose body says nothing about internals.
 */
export interface ErrorHandlerOptions {
  /** Answers requests no route matched (the SPA fallback uses it); default: a JSON 404. */
  notFound?: (request: FastifyRequest, reply: FastifyReply) => unknown;
}

export const errorHandlerPlugin = fp(
  async (app: FastifyInstance, options: ErrorHandlerOptions) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const details = error.validation.map((issue) => ({ path: fieldName(issue.instancePath), message: issue.message ?? 'Invalid value' }));
        const first = details[0];
        const bodyMissing = error.validationContext === 'body' && details.some((d) => d.path === '' && /expected object/.test(d.message));
        const message = bodyMissing
          ? 'The request body must be a JSON object.'
          : first && first.path && !/^Invalid input/.test(first.message)
            ? first.message
            : first
              ? `${first.path ? `${first.path}: ` : ''}${first.message}`
              : 'Invalid request';
        return reply.status(400).send({ success: false, error: message, details } satisfies ErrorBody);
      }
      if (error instanceof DomainError) {
        if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
        return reply.status(HTTP_STATUS[error.code]).send({ success: false, error: error.message } satisfies ErrorBody);
      }
      if (error instanceof WrongExpectedVersionError) {
        return reply.status(412).send({ success: false, error: MESSAGES.versionConflict } satisfies ErrorBody);
      }
      const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
      if (status >= 400 && status < 500) {
        // Fastify's own client errors (malformed JSON, body too large, wrong content type).
        const message = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.name === 'SyntaxError' ? 'The request body is not valid JSON.' : error.message;
        return reply.status(status).send({ success: false, error: message } satisfies ErrorBody);
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ success: false, error: 'Something went wrong on our side. Please try again.' } satisfies ErrorBody);
    });

    app.setNotFoundHandler(
      options.notFound ??
        ((request, reply) =>
          reply.status(404).send({ success: false, error: `No route for ${request.method} ${request.url.split('?')[0]}` } satisfies ErrorBody)),
    );
  },
  { name: 'hireloop-errors' },
);
