import path from 'node:path';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A route answered so often (board searches, job views) that one info line per answer would
     * drown the log: its successful answers are logged at debug. Errors still log at info or above.
     * A function decides per request (a proxy route that forwards reads and writes).
     */
    frequent?: boolean | ((request: FastifyRequest) => boolean);
  }
}

/** Health checks and static files are frequent on every app, whoever declares the route. */
function isFrequent(request: FastifyRequest): boolean {
  const frequent = request.routeOptions?.config?.frequent;
  if (frequent === true || (typeof frequent === 'function' && frequent(request))) return true;
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '';
  return pathname === '/healthz' || (!pathname.startsWith('/api/') && path.extname(pathname) !== '');
}

/**
 * One line per request, written when the answer is sent ("request completed", with the method,
 * the redacted URL, the status and the time taken) instead of fastify's two (incoming and
 * completed). Its level: error for 5xx and failed responses, info for 4xx and for other answers,
 * debug for successful answers of frequent routes (see `frequent`).
 */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    const status = reply.statusCode;
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (status >= 500) reply.log.error(line, 'request completed');
    else if (status >= 400 || !isFrequent(request)) reply.log.info(line, 'request completed');
    else reply.log.debug(line, 'request completed');
  }
}
